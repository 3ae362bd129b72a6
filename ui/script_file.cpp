#include "ui/script_file.h"

#include <QFile>
#include <QSaveFile>

namespace mv {

bool readScriptFile(const QString& path, QString* text, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QObject::tr("Cannot open %1: %2").arg(path, file.errorString());
        return false;
    }
    *text = QString::fromUtf8(file.readAll());
    return true;
}

bool writeScriptFile(const QString& path, const QString& text, QString* error) {
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) >= 0 && file.commit())
        return true;
    *error = QObject::tr("Cannot save %1: %2").arg(path, file.errorString());
    return false;
}

}  // namespace mv
