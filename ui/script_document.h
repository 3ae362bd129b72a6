#pragma once
// The file behind the script editor: its path, whether it has unsaved changes, New/Open/Save/
// Save As with the unsaved-changes question, recent files and the autosave backup. The text lives
// in the editor's QTextDocument (one buffer); this class only moves it to and from disk.

#include <QObject>
#include <QString>

#include "ui/autosave.h"
#include "ui/prompts.h"
#include "ui/recent_files.h"

class QPlainTextEdit;

namespace mv {

class ScriptDocument : public QObject {
    Q_OBJECT
public:
    // `editor` is borrowed; `autosaveFolder` is where the backup goes.
    ScriptDocument(QPlainTextEdit* editor, Prompts prompts, const QString& autosaveFolder,
                   QObject* parent = nullptr);

    QString path() const { return m_path; }  // empty for an untitled script
    QString displayName() const;             // file name or "untitled"
    QString folder() const;                  // where images are looked up
    bool isModified() const;
    Prompts& prompts() { return m_prompts; }
    Autosave& autosave() { return m_autosave; }
    RecentFiles& recentFiles() { return m_recent; }

    bool newScript();
    bool open(const QString& path);  // asks about unsaved changes first
    bool openWithDialog();
    bool save();
    bool saveAs();
    // Before the window closes or the text is replaced: true when it may go ahead.
    bool maybeSave();
    // Offers to restore an autosave backup from an earlier session; true if it was restored.
    bool offerRestore();

signals:
    void pathChanged(const QString& path);
    void loaded();  // the text was replaced by a file's (or a new, or a restored) text

private:
    bool saveTo(const QString& path);
    void setPath(const QString& path);
    void replaceText(const QString& text);

    QPlainTextEdit* m_editor;  // borrowed
    Prompts m_prompts;
    Autosave m_autosave;
    RecentFiles m_recent;
    QString m_path;
};

}  // namespace mv
