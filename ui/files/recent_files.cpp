#include "ui/files/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace mv {

namespace {
const char* const kKey = "recentFiles";
}

QStringList RecentFiles::list() const {
    QStringList existing;
    for (const QString& path : QSettings().value(kKey).toStringList())
        if (QFileInfo::exists(path)) existing << path;
    return existing;
}

void RecentFiles::add(const QString& path) {
    QSettings settings;
    QStringList paths = settings.value(kKey).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    paths.removeAll(absolute);
    paths.prepend(absolute);
    while (paths.size() > kMax) paths.removeLast();
    settings.setValue(kKey, paths);
}

}  // namespace mv
