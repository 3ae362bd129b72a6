#pragma once
// The images of a script's things, loaded once and shared by the canvas and every export worker.
// QImage (not QPixmap) because export renders on worker threads, where pixmaps may not be used;
// QImage is implicitly shared with an atomic count, so handing copies to threads is cheap and safe.
// Any format QImageReader reads works, SVG included (through Qt's svg image plugin).

#include <QHash>
#include <QImage>
#include <QMutex>
#include <QString>

namespace mv {

class ImageLibrary {
public:
    // The image at `path`, loaded on first use; a null QImage when it cannot be read.
    QImage image(const QString& path);
    // Forgets a cached image so the next image() reads the file again (it changed on disk).
    void forget(const QString& path);
    void clear();

private:
    QMutex m_mutex;  // image() may be called from export workers while the canvas reads too
    QHash<QString, QImage> m_images;
};

}  // namespace mv
