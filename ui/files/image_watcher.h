#pragma once
// Watches the image files a script draws, so an image edited in another program shows at once:
// each file that exists, and the script's folder while one is missing (it may appear later).

#include <QFileSystemWatcher>
#include <QObject>

namespace mv {

struct Script;

class ImageWatcher : public QObject {
    Q_OBJECT
public:
    explicit ImageWatcher(QObject* parent = nullptr);

    // Watches the images of `script` instead of those watched before (none when null).
    void watch(const Script* script);

signals:
    // An image file, or the folder of a missing one, changed: `path` is what changed.
    void changed(const QString& path);

private:
    QFileSystemWatcher m_watcher;
};

}  // namespace mv
