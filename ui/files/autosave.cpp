#include "ui/files/autosave.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QStandardPaths>

#include "ui/files/script_file.h"

namespace mv {

namespace {

// The backup's first line names the script it belongs to; the rest is the text.
const QString kHeader = QStringLiteral("// movimentum autosave of: ");
const QString kSuffix = QStringLiteral(".autosave");

// Backups of one script share a stem, so the same script in two windows gets slots 1 and 2.
QString stemFor(const QString& originalPath) {
    if (originalPath.isEmpty()) return QStringLiteral("untitled");
    const QByteArray hash =
        QCryptographicHash::hash(originalPath.toUtf8(), QCryptographicHash::Sha1).toHex();
    return QString::fromLatin1(hash.left(16));
}

// A lock that is never "stale" by age, only by its owner's death: an editor left open for days
// still owns its backup.
std::unique_ptr<QLockFile> lockFor(const QString& backupPath) {
    auto lock = std::make_unique<QLockFile>(backupPath + ".lock");
    lock->setStaleLockTime(0);
    return lock;
}

}  // namespace

Autosave::Autosave(QString folder, std::function<QString()> text, QObject* parent)
    : QObject(parent), m_folder(std::move(folder)), m_text(std::move(text)) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::writeNow);
}

Autosave::~Autosave() = default;  // the lock is released; the backup stays unless discarded

QString Autosave::defaultFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

void Autosave::setOriginalPath(const QString& path) {
    if (path == m_originalPath) return;
    releaseSlot();
    m_originalPath = path;
}

void Autosave::releaseSlot() {
    m_lock.reset();
    m_backupPath.clear();
}

// The first slot of this script that no running window owns and that holds no orphaned backup
// (that one waits to be offered for restoring).
bool Autosave::claimSlot() {
    if (m_lock) return true;
    QDir().mkpath(m_folder);
    const QString stem = stemFor(m_originalPath);
    for (int slot = 1; slot <= 1000; ++slot) {
        const QString path =
            QDir(m_folder).filePath(QStringLiteral("%1-%2%3").arg(stem).arg(slot).arg(kSuffix));
        auto lock = lockFor(path);
        if (!lock->tryLock(0)) continue;
        if (QFile::exists(path)) continue;  // an orphan: not ours to overwrite
        m_lock = std::move(lock);
        m_backupPath = path;
        return true;
    }
    return false;
}

void Autosave::noteEdit() {
    // Not restarted on every key: the backup is written every few seconds while typing goes on.
    if (!m_timer.isActive()) m_timer.start();
}

void Autosave::discard() {
    m_timer.stop();
    if (m_lock) QFile::remove(m_backupPath);
}

bool Autosave::writeNow() {
    m_timer.stop();
    if (!claimSlot()) return false;
    QString error;
    return writeScriptFile(m_backupPath, kHeader + m_originalPath + '\n' + m_text(), &error);
}

std::optional<Autosave::Backup> Autosave::find() const {
    const QDir dir(m_folder);
    for (const QString& name : dir.entryList({"*" + kSuffix}, QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(name);
        if (path == m_backupPath) continue;
        auto probe = lockFor(path);
        if (!probe->tryLock(0)) continue;  // its window is still running
        QString content, error;
        if (!readScriptFile(path, &content, &error) || !content.startsWith(kHeader)) continue;
        const qsizetype newline = content.indexOf('\n');
        if (newline < 0) continue;
        return Backup{content.mid(newline + 1),
                      content.mid(kHeader.size(), newline - kHeader.size()), path};
    }
    return std::nullopt;
}

bool Autosave::adopt(const Backup& backup) {
    auto lock = lockFor(backup.backupPath);
    if (!lock->tryLock(0)) return false;
    if (m_lock) QFile::remove(m_backupPath);  // this window's own backup is superseded
    m_originalPath = backup.originalPath;
    m_lock = std::move(lock);
    m_backupPath = backup.backupPath;
    return true;
}

void Autosave::dropOrphan(const Backup& backup) {
    auto lock = lockFor(backup.backupPath);
    if (lock->tryLock(0)) QFile::remove(backup.backupPath);
}

}  // namespace mv
