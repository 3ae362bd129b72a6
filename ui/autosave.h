#pragma once
// Autosave: a few seconds after the last edit of an unsaved change, the text is written to a
// backup file in the application's data folder (QStandardPaths::AppDataLocation), together with
// the path of the script it belongs to. Saving or closing cleanly removes it; if the editor died,
// the next start finds it and offers to restore it.

#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

namespace mv {

class Autosave : public QObject {
    Q_OBJECT
public:
    struct Backup {
        QString text;
        QString originalPath;  // empty for an untitled script
    };

    // `folder` holds the backup (created when needed). `text` reads the current text.
    Autosave(QString folder, std::function<QString()> text, QObject* parent = nullptr);

    static QString defaultFolder();  // AppDataLocation
    static constexpr int kDelayMs = 3000;

    void setOriginalPath(const QString& path) { m_originalPath = path; }
    // An edit happened: a backup is written kDelayMs after the first edit since the last one,
    // so a long typing session is backed up every few seconds.
    void noteEdit();
    // The document is saved (or the changes were discarded): the backup is no longer needed.
    void discard();
    // Writes the backup now.
    bool writeNow();
    std::optional<Backup> find() const;

    QString backupPath() const;

private:
    QString m_folder;
    std::function<QString()> m_text;
    QString m_originalPath;
    QTimer m_timer;
};

}  // namespace mv
