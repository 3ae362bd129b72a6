#pragma once
// The file behind the script editor: its path, whether it has unsaved changes, New/Open/Save/
// Save As with the unsaved-changes question, recent files and the autosave backup. The text lives
// in the editor's QTextDocument (one buffer); this class only moves it to and from disk.
//
// It never overwrites what it has not seen: the file is watched, and a change by another program
// is offered for reloading (declining keeps the editor's text); saving over a file that changed
// since it was read, or over one that was not UTF-8 (whose unreadable bytes became U+FFFD), asks
// first. Samples open as untitled copies, so saving asks where instead of overwriting them.

#include <QByteArray>
#include <QFileSystemWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

#include "ui/files/autosave.h"
#include "ui/files/recent_files.h"
#include "ui/files/script_file.h"
#include "ui/window/user_prompts.h"

class QPlainTextEdit;

namespace mv {

class ScriptDocument : public QObject {
    Q_OBJECT
public:
    // `editor` is borrowed; `autosaveFolder` is where the backup goes.
    ScriptDocument(QPlainTextEdit* editor, UserPrompts prompts, const QString& autosaveFolder,
                   QObject* parent = nullptr);

    QString path() const { return m_path; }  // empty for an untitled script
    QString displayName() const;             // file name, "untitled" or "copy of NAME"
    QString folder() const;                  // where images are looked up
    bool isModified() const;
    UserPrompts& prompts() { return m_prompts; }
    Autosave& autosave() { return m_autosave; }
    RecentFiles& recentFiles() { return m_recent; }

    bool newScript();
    // A new untitled script with `text` (an example from the reference) whose images are looked up
    // in `imageFolder`.
    bool newScriptFrom(const QString& text, const QString& imageFolder);
    bool open(const QString& path);  // asks about unsaved changes first
    // Opens `path` as an untitled copy (a sample): images are found beside it, Save asks where.
    bool openCopy(const QString& path);
    bool openWithDialog();
    bool save();
    // Asks where; a name without a suffix gets `.movimentum` (asking before it replaces a file).
    bool saveAs();
    // Before the window closes or the text is replaced: true when it may go ahead.
    bool maybeSave();
    // Offers to restore an autosave backup from an earlier session; true if it was restored.
    bool offerRestore();

signals:
    void pathChanged(const QString& path);
    void loaded();  // the text was replaced by a file's (or a new, or a restored) text
    void notice(const QString& message);  // for the status bar: what a save did to the text
    // A change of the file on disk was looked at, once it was quiet: offered for reloading, or
    // found to be our own save. Nothing else tells that nothing was offered.
    void diskChecked();

private:
    std::optional<ScriptFileText> readForOpening(const QString& path);
    bool saveTo(const QString& path);
    bool saveMovingImages(const QString& path);
    bool mayOverwrite(const QString& path);
    void setPath(const QString& path);
    void replaceText(const QString& text);
    void warnIfNotUtf8(const QString& path, const ScriptFileText& read);
    void watch();
    void checkDisk();

    QPlainTextEdit* m_editor;  // borrowed
    UserPrompts m_prompts;
    Autosave m_autosave;
    RecentFiles m_recent;
    QString m_path;
    QString m_copyOf;            // the file an untitled copy was made from
    QString m_untitledFolder;    // where an untitled example finds its images
    QByteArray m_diskBytes;      // the file as last read or written
    QByteArray m_declinedBytes;  // a change on disk the user chose not to reload
    bool m_notUtf8 = false;      // the text came from a file that was not UTF-8
    bool m_askingReload = false;
    QFileSystemWatcher m_watcher;
    // A writer that truncates, then writes, signals twice; the file is read once it is quiet.
    QTimer m_diskCheck;
};

}  // namespace mv
