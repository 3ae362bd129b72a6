#include "ui/files/image_watcher.h"

#include <QStringList>

#include "core/model/script.h"

namespace mv {

ImageWatcher::ImageWatcher(QObject* parent) : QObject(parent) {
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &ImageWatcher::changed);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &ImageWatcher::changed);
}

void ImageWatcher::watch(const Script* script) {
    if (!m_watcher.files().isEmpty()) m_watcher.removePaths(m_watcher.files());
    if (!m_watcher.directories().isEmpty()) m_watcher.removePaths(m_watcher.directories());
    if (!script) return;
    QStringList files;
    bool missing = false;
    auto add = [&](bool image, bool imageMissing, const std::string& path) {
        if (!image) return;
        if (imageMissing)
            missing = true;
        else
            files << QString::fromStdString(path);
    };
    for (const Thing& thing : script->things)
        add(thing.kind == Thing::Kind::Image, thing.imageMissing, thing.imagePath);
    for (const Element& element : script->elements) {
        const ElementVisual& visual = element.visual;
        add(visual.kind == ElementVisual::Kind::Image, visual.imageMissing, visual.imagePath);
    }
    if (!files.isEmpty()) m_watcher.addPaths(files);
    if (missing && !script->folder.empty())
        m_watcher.addPath(QString::fromStdString(script->folder));
}

}  // namespace mv
