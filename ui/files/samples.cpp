#include "ui/files/samples.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace mv {

QString samplesFolder() {
    QStringList candidates;
    if (QCoreApplication::instance()) {
        const QString exe = QCoreApplication::applicationDirPath();
        candidates << exe + "/samples" << exe + "/../samples" << exe + "/../../samples"
                   << exe + "/../share/movimentum/samples";
    }
    candidates << QStringLiteral(MOVIMENTUM_SAMPLES_DIR);
    for (const QString& folder : candidates) {
        if (QFileInfo::exists(folder + "/pump.movimentum"))
            return QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    }
    return {};
}

QStringList sampleScripts() {
    const QString folder = samplesFolder();
    if (folder.isEmpty()) return {};
    QStringList scripts;
    const QDir dir(folder);
    for (const QString& name : dir.entryList({"*.movimentum"}, QDir::Files, QDir::Name))
        scripts << dir.filePath(name);
    return scripts;
}

QString defaultSampleScript() {
    const QString folder = samplesFolder();
    return folder.isEmpty() ? QString() : folder + "/pump.movimentum";
}

}  // namespace mv
