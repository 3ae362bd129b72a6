#include "ui/window/script_document.h"

#include <QDir>
#include <QFileInfo>
#include <QPlainTextEdit>
#include <QTextCursor>

#include "ui/files/image_paths_on_move.h"
#include "ui/files/script_file.h"

namespace mv {

namespace {
constexpr int kQuietMs = 200;
const QString kSuffix = QStringLiteral("movimentum");
}  // namespace

ScriptDocument::ScriptDocument(QPlainTextEdit* editor, UserPrompts prompts,
                               const QString& autosaveFolder, QObject* parent)
    : QObject(parent),
      m_editor(editor),
      m_prompts(std::move(prompts)),
      m_autosave(autosaveFolder, [editor] { return editor->toPlainText(); }) {
    connect(m_editor->document(), &QTextDocument::contentsChanged, this, [this] {
        if (isModified()) m_autosave.noteEdit();
    });
    m_diskCheck.setSingleShot(true);
    m_diskCheck.setInterval(kQuietMs);
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this] {
        watch();
        m_diskCheck.start();
    });
    connect(&m_diskCheck, &QTimer::timeout, this, [this] {
        checkDisk();
        emit diskChecked();
    });
}

QString ScriptDocument::displayName() const {
    if (!m_path.isEmpty()) return QFileInfo(m_path).fileName();
    if (!m_copyOf.isEmpty()) return tr("copy of %1").arg(QFileInfo(m_copyOf).fileName());
    return tr("untitled");
}

QString ScriptDocument::folder() const {
    if (!m_path.isEmpty()) return QFileInfo(m_path).absolutePath();
    if (!m_copyOf.isEmpty()) return QFileInfo(m_copyOf).absolutePath();
    return m_untitledFolder.isEmpty() ? QDir::currentPath() : m_untitledFolder;
}

bool ScriptDocument::isModified() const {
    return m_editor->document()->isModified();
}

void ScriptDocument::setPath(const QString& path) {
    m_path = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    m_copyOf.clear();
    m_untitledFolder.clear();
    m_autosave.setOriginalPath(m_path);
    watch();
    emit pathChanged(m_path);
}

// Watches the current file only. Re-added after every change: an editor that saves by renaming a
// new file over the old one leaves the watcher on a file that no longer exists.
void ScriptDocument::watch() {
    if (!m_watcher.files().isEmpty()) m_watcher.removePaths(m_watcher.files());
    if (!m_path.isEmpty() && QFileInfo::exists(m_path)) m_watcher.addPath(m_path);
}

void ScriptDocument::replaceText(const QString& text) {
    m_editor->setPlainText(text);
    m_editor->document()->setModified(false);
    m_autosave.discard();
    emit loaded();
}

void ScriptDocument::warnIfNotUtf8(const QString& path, const ScriptFileText& read) {
    m_notUtf8 = read.firstNonUtf8Line > 0;
    if (!m_notUtf8) return;
    m_prompts.error(tr("Not UTF-8"),
                    tr("%1 is not UTF-8 text (line %2 is the first that is not). Characters that "
                       "could not be read are shown as \uFFFD; saving would replace them, so the "
                       "editor asks before it saves over this file.")
                        .arg(QFileInfo(path).fileName())
                        .arg(read.firstNonUtf8Line));
}

bool ScriptDocument::newScript() {
    return newScriptFrom(QStringLiteral(".config(25, 640, 360);\n\n"), {});
}

bool ScriptDocument::newScriptFrom(const QString& text, const QString& imageFolder) {
    if (!maybeSave()) return false;
    setPath({});
    m_untitledFolder = imageFolder;
    m_notUtf8 = false;
    replaceText(text);
    return true;
}

// The unsaved-changes question, then the file; nothing when either says no (the error shown).
std::optional<ScriptFileText> ScriptDocument::readForOpening(const QString& path) {
    if (!maybeSave()) return std::nullopt;
    QString error;
    auto read = readScript(path, &error);
    if (!read) m_prompts.error(tr("Open"), error);
    return read;
}

bool ScriptDocument::open(const QString& path) {
    const auto read = readForOpening(path);
    if (!read) return false;
    m_diskBytes = read->bytes;
    m_declinedBytes.clear();
    setPath(path);
    replaceText(read->text);
    warnIfNotUtf8(path, *read);
    m_recent.add(m_path);
    return true;
}

bool ScriptDocument::openCopy(const QString& path) {
    const auto read = readForOpening(path);
    if (!read) return false;
    setPath({});
    m_copyOf = QFileInfo(path).absoluteFilePath();
    m_notUtf8 = false;  // nothing is saved over the original
    replaceText(read->text);
    emit pathChanged(m_path);  // the title names the copy
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
    QString suggested = m_path;
    if (suggested.isEmpty()) {
        // A copy is suggested under its own name, but not in the samples folder.
        const QString name = m_copyOf.isEmpty() ? QStringLiteral("untitled.movimentum")
                                                : QFileInfo(m_copyOf).fileName();
        suggested = QDir(m_copyOf.isEmpty() ? folder() : QDir::homePath()).filePath(name);
    }
    QString path = m_prompts.savePath(suggested);
    if (path.isEmpty()) return false;
    // The file dialog asked about replacing the name as typed; a name that gets the suffix here
    // may replace another file, so that is asked again.
    if (QFileInfo(path).suffix().isEmpty()) {
        path += '.' + kSuffix;
        const bool replaces =
            QFileInfo::exists(path) && QFileInfo(path).absoluteFilePath() != m_path;
        if (replaces && !m_prompts.confirm(
                            tr("Save As"),
                            tr("%1 already exists. Replace it?").arg(QFileInfo(path).fileName())))
            return false;
    }
    return saveMovingImages(path);
}

// Save As into another folder keeps the images: their relative names are rewritten first (one
// undo step), and put back if the save fails.
bool ScriptDocument::saveMovingImages(const QString& path) {
    const MovedText moved =
        rebaseImagePaths(m_editor->toPlainText(), folder(), QFileInfo(path).absolutePath());
    if (moved.rewritten > 0) {
        QTextCursor all(m_editor->document());
        all.select(QTextCursor::Document);
        all.insertText(moved.text);
    }
    if (!saveTo(path)) {
        if (moved.rewritten > 0) m_editor->document()->undo();
        return false;
    }
    if (moved.rewritten > 0)
        emit notice((moved.rewritten == 1 ? tr("1 image name")
                                          : tr("%1 image names").arg(moved.rewritten)) +
                    tr(" rewritten to reach the same files from the new folder"));
    return true;
}

// Saving over the file this document was read from: asks when that would lose something.
bool ScriptDocument::mayOverwrite(const QString& path) {
    if (m_path.isEmpty() || QFileInfo(path).absoluteFilePath() != m_path) return true;
    if (m_notUtf8 &&
        !m_prompts.confirm(tr("Not UTF-8"),
                           tr("%1 was not UTF-8 text. Saving writes it as UTF-8, and the "
                              "characters shown as \uFFFD are lost. Save anyway?")
                               .arg(displayName())))
        return false;
    QString error;
    const auto onDisk = readScriptBytes(m_path, &error);
    if (onDisk && *onDisk != m_diskBytes &&
        !m_prompts.confirm(tr("Changed on disk"),
                           tr("%1 was changed by another program since it was read. Overwrite "
                              "those changes?")
                               .arg(displayName())))
        return false;
    return true;
}

bool ScriptDocument::saveTo(const QString& path) {
    if (!mayOverwrite(path)) return false;
    QString error;
    const QString text = m_editor->toPlainText();
    if (!writeScriptFile(path, text, &error)) {
        m_prompts.error(tr("Save"), error);
        return false;
    }
    m_diskBytes = text.toUtf8();
    m_declinedBytes.clear();
    m_notUtf8 = false;
    m_editor->document()->setModified(false);
    m_autosave.discard();
    if (QFileInfo(path).absoluteFilePath() != m_path)
        setPath(path);
    else
        watch();
    m_recent.add(m_path);
    return true;
}

// The file changed on disk. Our own save changes it too; that is told apart by its content.
void ScriptDocument::checkDisk() {
    if (m_askingReload || m_path.isEmpty()) return;
    QString error;
    const auto onDisk = readScriptBytes(m_path, &error);
    if (!onDisk || *onDisk == m_diskBytes || *onDisk == m_declinedBytes) return;
    m_askingReload = true;
    const bool reload = m_prompts.confirm(
        tr("Changed on disk"),
        tr("%1 was changed by another program. Reload it?%2")
            .arg(displayName(), isModified() ? tr(" Your unsaved changes would be lost.") : ""));
    m_askingReload = false;
    if (!reload) {
        m_declinedBytes = *onDisk;
        m_editor->document()->setModified(true);  // the editor's text is not what is on disk
        return;
    }
    const auto read = readScript(m_path, &error);
    if (!read) return;
    m_diskBytes = read->bytes;
    m_declinedBytes.clear();
    replaceText(read->text);
    warnIfNotUtf8(m_path, *read);
}

bool ScriptDocument::maybeSave() {
    if (!isModified()) return true;
    switch (m_prompts.unsavedChanges(displayName())) {
        case UserPrompts::Unsaved::Save:
            return save();
        case UserPrompts::Unsaved::Discard:
            m_editor->document()->setModified(false);
            m_autosave.discard();
            return true;
        case UserPrompts::Unsaved::Cancel:
            return false;
    }
    return false;
}

// Only backups whose editor is gone are offered (Autosave::find), and only when they differ from
// the saved file; declining removes that one.
bool ScriptDocument::offerRestore() {
    const auto backup = m_autosave.find();
    if (!backup) return false;
    // A backup that is the saved file word for word (the editor ended between a save and the
    // backup's removal) has nothing to restore: asking would only alarm.
    QString unreadable;
    if (!backup->originalPath.isEmpty() &&
        readScriptBytes(backup->originalPath, &unreadable) == backup->text.toUtf8()) {
        m_autosave.dropOrphan(*backup);
        return false;
    }
    const QString name =
        backup->originalPath.isEmpty() ? tr("an untitled script") : backup->originalPath;
    if (!m_prompts.restoreBackup(name)) {
        m_autosave.dropOrphan(*backup);
        return false;
    }
    if (!m_autosave.adopt(*backup)) return false;
    QString error;
    m_diskBytes = readScriptBytes(backup->originalPath, &error).value_or(QByteArray());
    setPath(backup->originalPath);
    m_editor->setPlainText(backup->text);
    m_editor->document()->setModified(true);  // restored, not yet saved
    emit loaded();
    return true;
}

}  // namespace mv
