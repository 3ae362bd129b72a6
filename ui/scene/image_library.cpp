#include "ui/scene/image_library.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QMutexLocker>

#include <algorithm>
#include <cmath>

#include "ui/scene/svg_resources.h"

namespace mv {

namespace {

bool isSvg(const QString& path, const QByteArray& bytes) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "svg") return true;
    const QByteArray head = bytes.left(512).trimmed();
    return head.startsWith("<svg") || (head.startsWith("<?xml") && head.contains("<svg"));
}

// Reads the file whole, so an SVG can be cleaned before Qt sees it and a decoder never follows a
// file that grows while it is read.
QByteArray readBounded(const QString& path, QString* problem) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = file.errorString();
        return {};
    }
    if (file.size() > ImageLibrary::kMaxFileBytes) {
        *problem = QStringLiteral("the file is larger than %1 MiB")
                       .arg(ImageLibrary::kMaxFileBytes / (1024 * 1024));
        return {};
    }
    QByteArray bytes = file.read(ImageLibrary::kMaxFileBytes);
    if (bytes.isEmpty()) *problem = QStringLiteral("the file is empty");
    return bytes;
}

LoadedImage decode(const QString& path, ImageLibrary::Decoding decoding, double drawScale) {
    LoadedImage loaded;
    if (QFileInfo(path).suffix().toLower() == "svgz") {
        loaded.problem = QStringLiteral("compressed SVG (.svgz) is not supported; save it as .svg");
        return loaded;
    }
    QByteArray bytes = readBounded(path, &loaded.problem);
    if (!loaded.problem.isEmpty()) return loaded;
    const bool svg = isSvg(path, bytes);
    if (svg) {
        QStringList skipped;
        bytes = withoutExternalResources(bytes, &skipped);
        if (!skipped.isEmpty())
            loaded.warning =
                QStringLiteral("the SVG refers to other files, which were not loaded: %1")
                    .arg(skipped.join(", "));
    }
    QBuffer buffer(&bytes);
    QImageReader reader(&buffer, svg ? QByteArray("svg") : QByteArray());
    reader.setAutoTransform(true);
    const QSize size = reader.size();
    if (size.isValid() &&
        (size.width() > ImageLibrary::kMaxSide || size.height() > ImageLibrary::kMaxSide)) {
        loaded.problem = QStringLiteral("it is %1 × %2 pixels; at most %3 per side")
                             .arg(size.width())
                             .arg(size.height())
                             .arg(ImageLibrary::kMaxSide);
        return loaded;
    }
    // A header that states the size is enough when the picture is not drawn.
    if (decoding == ImageLibrary::Decoding::SizeOnly && size.isValid() && reader.canRead()) {
        loaded.size = size;
        return loaded;
    }
    const bool scaled = drawScale < 1 && size.isValid();
    if (scaled)
        reader.setScaledSize(QSize(std::max(1, int(std::ceil(size.width() * drawScale))),
                                   std::max(1, int(std::ceil(size.height() * drawScale)))));
    QImage image = reader.read();
    if (image.isNull()) {
        loaded.problem = QStringLiteral("it cannot be decoded (%1)").arg(reader.errorString());
        return loaded;
    }
    loaded.image = image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    if (scaled) loaded.image.setDevicePixelRatio(double(loaded.image.width()) / size.width());
    loaded.size = scaled ? size : loaded.image.size();
    return loaded;
}

qint64 pixels(QSize size) {
    return size.isValid() ? qint64(size.width()) * size.height() : 0;
}

}  // namespace

LoadedImage ImageLibrary::load(const QString& path) {
    QMutexLocker lock(&m_mutex);
    const auto found = m_images.constFind(path);
    if (found != m_images.constEnd()) return *found;
    LoadedImage loaded = decode(path, m_decoding, m_drawScale);
    if (m_totalPixels + pixels(loaded.size) > kMaxTotalPixels) {
        loaded = {};
        loaded.problem = QStringLiteral(
                             "with the images before it, more than %1 Mpixels to hold "
                             "(about %2 MiB); use smaller images")
                             .arg(kMaxTotalPixels / (1024 * 1024))
                             .arg(kMaxTotalPixels * 4 / (1024 * 1024));
    }
    m_totalPixels += pixels(loaded.size);
    m_images.insert(path, loaded);
    return loaded;
}

void ImageLibrary::forget(const QString& path) {
    QMutexLocker lock(&m_mutex);
    m_totalPixels -= pixels(m_images.value(path).size);
    m_images.remove(path);
}

void ImageLibrary::clear() {
    QMutexLocker lock(&m_mutex);
    m_images.clear();
    m_totalPixels = 0;
}

}  // namespace mv
