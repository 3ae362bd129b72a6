#include "ui/script_document.h"

#include <QDir>
#include <QFileInfo>
#include <QPlainTextEdit>

#include "ui/script_file.h"

namespace mv {

ScriptDocument::ScriptDocument(QPlainTextEdit* editor, Prompts prompts,
                               const QString& autosaveFolder, QObject* parent)
    : QObject(parent),
      m_editor(editor),
      m_prompts(std::move(prompts)),
      m_autosave(autosaveFolder, [editor] { return editor->toPlainText(); }) {
    connect(m_editor->document(), &QTextDocument::contentsChanged, this, [this] {
        if (isModified()) m_autosave.noteEdit();
    });
}

QString ScriptDocument::displayName() const {
    return m_path.isEmpty() ? tr("untitled") : QFileInfo(m_path).fileName();
}

QString ScriptDocument::folder() const {
    return m_path.isEmpty() ? QDir::currentPath() : QFileInfo(m_path).absolutePath();
}

bool ScriptDocument::isModified() const {
    return m_editor->document()->isModified();
}

void ScriptDocument::setPath(const QString& path) {
    m_path = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    m_autosave.setOriginalPath(m_path);
    emit pathChanged(m_path);
}

void ScriptDocument::replaceText(const QString& text) {
    m_editor->setPlainText(text);
    m_editor->document()->setModified(false);
    m_autosave.discard();
    emit loaded();
}

bool ScriptDocument::newScript() {
    if (!maybeSave()) return false;
    setPath({});
    replaceText(QStringLiteral(".config(25, 640, 360);\n\n"));
    return true;
}

bool ScriptDocument::open(const QString& path) {
    if (!maybeSave()) return false;
    QString text, error;
    if (!readScriptFile(path, &text, &error)) {
        m_prompts.error(tr("Open"), error);
        return false;
    }
    setPath(path);
    replaceText(text);
    m_recent.add(m_path);
    return true;
}

bool ScriptDocument::openWithDialog() {
    const QString path = m_prompts.openPath(folder());
    return !path.isEmpty() && open(path);
}

bool ScriptDocument::save() {
    return m_path.isEmpty() ? saveAs() : saveTo(m_path);
}

bool ScriptDocument::saveAs() {
    const QString suggested =
        m_path.isEmpty() ? QDir(folder()).filePath("untitled.movimentum") : m_path;
    const QString path = m_prompts.savePath(suggested);
    return !path.isEmpty() && saveTo(path);
}

bool ScriptDocument::saveTo(const QString& path) {
    QString error;
    if (!writeScriptFile(path, m_editor->toPlainText(), &error)) {
        m_prompts.error(tr("Save"), error);
        return false;
    }
    m_editor->document()->setModified(false);
    m_autosave.discard();
    if (QFileInfo(path).absoluteFilePath() != m_path) setPath(path);
    m_recent.add(m_path);
    return true;
}

bool ScriptDocument::maybeSave() {
    if (!isModified()) return true;
    switch (m_prompts.unsavedChanges(displayName())) {
        case Prompts::Unsaved::Save:
            return save();
        case Prompts::Unsaved::Discard:
            m_editor->document()->setModified(false);
            m_autosave.discard();
            return true;
        case Prompts::Unsaved::Cancel:
            return false;
    }
    return false;
}

bool ScriptDocument::offerRestore() {
    const auto backup = m_autosave.find();
    if (!backup) return false;
    const QString name =
        backup->originalPath.isEmpty() ? tr("an untitled script") : backup->originalPath;
    if (!m_prompts.restoreBackup(name)) {
        m_autosave.discard();
        return false;
    }
    setPath(backup->originalPath);
    m_editor->setPlainText(backup->text);
    m_editor->document()->setModified(true);  // restored, not yet saved
    emit loaded();
    return true;
}

}  // namespace mv
