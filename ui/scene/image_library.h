#pragma once
// The images of a script's things, decoded once and shared by the analysis (which reports images
// that cannot be drawn, through ImageFiles), the canvas and every export worker. QImage (not
// QPixmap) because export renders on worker threads, where pixmaps may not be used; QImage is
// implicitly shared with an atomic count, so handing copies to threads is cheap and safe.
// Any format QImageReader reads works, SVG included (through Qt's svg image plugin), but an SVG is
// drawn without the files it refers to (svg_resources.h).

#include <QHash>
#include <QImage>
#include <QMutex>
#include <QString>

namespace mv {

struct LoadedImage {
    QImage image;     // null when it cannot be drawn, or when only its size was read
    QSize size;       // in pixels; invalid when it cannot be drawn
    QString problem;  // why it cannot be drawn ("the file is empty", the decoder's error)
    QString warning;  // drawn, but something was left out (an SVG's external files)
};

class ImageLibrary {
public:
    // Limits on one image: its file, and its decoded size (a small compressed file can claim a
    // huge picture). Beyond them the image is refused instead of exhausting memory.
    static constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024;
    static constexpr int kMaxSide = 16384;
    // And on all of them together, counted from their sizes whether decoded or not: 256 Mpixels
    // (1 GiB decoded). The image that would cross it is refused, so the error names it.
    static constexpr qint64 kMaxTotalPixels = qint64(256) * 1024 * 1024;

    // Full decodes every image (to draw it); SizeOnly reads only each image's header, which is
    // all `check` and `solve` need, so they never hold the pictures.
    enum class Decoding { Full, SizeOnly };
    // `drawScale` below 1 (an export at --scale 0.5) decodes each picture at the size it is drawn
    // at (QImageReader::setScaledSize): a quarter of the memory at half the size. Such an image
    // keeps its size in the script's pixels as its device-independent size (its device pixel
    // ratio is the scale), so it is placed and drawn as the full one.
    explicit ImageLibrary(Decoding decoding = Decoding::Full, double drawScale = 1)
        : m_decoding(decoding), m_drawScale(drawScale > 0 && drawScale < 1 ? drawScale : 1) {}

    // The image at `path`, decoded on first use.
    LoadedImage load(const QString& path);
    // Just the picture: a null QImage when it cannot be drawn.
    QImage image(const QString& path) { return load(path).image; }
    // Forgets a cached image so the next load() reads the file again (it changed on disk).
    void forget(const QString& path);
    void clear();

private:
    Decoding m_decoding;
    double m_drawScale;
    QMutex m_mutex;  // load() may be called from export workers while the canvas reads too
    QHash<QString, LoadedImage> m_images;
    qint64 m_totalPixels = 0;  // of the images held that can be drawn
};

}  // namespace mv
