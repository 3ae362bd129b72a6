#include "ui/autosave.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include "ui/script_file.h"

namespace mv {

namespace {

// The backup's first line names the script it belongs to; the rest is the text.
const QString kHeader = QStringLiteral("// movimentum autosave of: ");

}  // namespace

Autosave::Autosave(QString folder, std::function<QString()> text, QObject* parent)
    : QObject(parent), m_folder(std::move(folder)), m_text(std::move(text)) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::writeNow);
}

QString Autosave::defaultFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

QString Autosave::backupPath() const {
    return QDir(m_folder).filePath("autosave.movimentum");
}

void Autosave::noteEdit() {
    // Not restarted on every key: the backup is written every few seconds while typing goes on.
    if (!m_timer.isActive()) m_timer.start();
}

void Autosave::discard() {
    m_timer.stop();
    QFile::remove(backupPath());
}

bool Autosave::writeNow() {
    m_timer.stop();
    QDir().mkpath(m_folder);
    QString error;
    return writeScriptFile(backupPath(), kHeader + m_originalPath + '\n' + m_text(), &error);
}

std::optional<Autosave::Backup> Autosave::find() const {
    QString content, error;
    if (!QFile::exists(backupPath()) || !readScriptFile(backupPath(), &content, &error))
        return std::nullopt;
    if (!content.startsWith(kHeader)) return std::nullopt;
    const qsizetype newline = content.indexOf('\n');
    if (newline < 0) return std::nullopt;
    return Backup{content.mid(newline + 1), content.mid(kHeader.size(), newline - kHeader.size())};
}

}  // namespace mv
