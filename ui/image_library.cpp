#include "ui/image_library.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QMutexLocker>

#include "ui/svg_resources.h"

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

LoadedImage decode(const QString& path) {
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
    QImage image = reader.read();
    if (image.isNull()) {
        loaded.problem = QStringLiteral("it cannot be decoded (%1)").arg(reader.errorString());
        return loaded;
    }
    loaded.image = image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    return loaded;
}

}  // namespace

LoadedImage ImageLibrary::load(const QString& path) {
    QMutexLocker lock(&m_mutex);
    const auto found = m_images.constFind(path);
    if (found != m_images.constEnd()) return *found;
    LoadedImage loaded = decode(path);
    m_images.insert(path, loaded);
    return loaded;
}

void ImageLibrary::forget(const QString& path) {
    QMutexLocker lock(&m_mutex);
    m_images.remove(path);
}

void ImageLibrary::clear() {
    QMutexLocker lock(&m_mutex);
    m_images.clear();
}

}  // namespace mv
