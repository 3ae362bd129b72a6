#pragma once
// Autosave: a few seconds after the last edit of an unsaved change, the text is written to a
// backup file in the application's data folder (QStandardPaths::AppDataLocation), together with
// the path of the script it belongs to. Saving or closing cleanly removes it; if the editor died,
// the next start finds it and offers to restore it.
//
// Every editor window has a backup of its own: one per script (named after a hash of its path)
// and one per untitled window, each owned through a lock file (QLockFile) that the owning window
// holds while it runs. Two editors on one script get two slots. A backup whose lock can be taken
// has no running owner (the lock of a dead process is stale at once): only such backups are
// offered for restoring, and a window removes no backup but its own.

#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

class QLockFile;

namespace mv {

class Autosave : public QObject {
    Q_OBJECT
public:
    struct Backup {
        QString text;
        QString originalPath;  // empty for an untitled script
        QString backupPath;    // the backup file itself
    };

    // `folder` holds the backups (created when needed). `text` reads the current text.
    Autosave(QString folder, std::function<QString()> text, QObject* parent = nullptr);
    ~Autosave() override;

    static QString defaultFolder();  // AppDataLocation
    static constexpr int kDelayMs = 3000;

    // The script the text belongs to (empty: untitled). Gives up this window's old slot, without
    // touching its file, and claims one for the new path at the next write.
    void setOriginalPath(const QString& path);
    // An edit happened: a backup is written kDelayMs after the first edit since the last one,
    // so a long typing session is backed up every few seconds.
    void noteEdit();
    // The document is saved (or the changes were discarded): this window's backup goes.
    void discard();
    // Writes the backup now.
    bool writeNow();
    // A backup whose owner is no longer running, if any (the oldest-named first).
    std::optional<Backup> find() const;
    // Takes over an orphaned backup from find(): it becomes this window's, so discard() removes
    // it and the next write replaces it. False if another window adopted it first.
    bool adopt(const Backup& backup);
    // Removes an orphaned backup from find() that the user did not want restored.
    void dropOrphan(const Backup& backup);

    // This window's backup file; empty until the first write claims a slot.
    QString backupPath() const { return m_backupPath; }

private:
    bool claimSlot();
    void releaseSlot();

    QString m_folder;
    std::function<QString()> m_text;
    QString m_originalPath;
    QString m_backupPath;
    std::unique_ptr<QLockFile> m_lock;  // held while m_backupPath is this window's
    QTimer m_timer;
};

}  // namespace mv
