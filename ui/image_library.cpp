#include "ui/image_library.h"

#include <QImageReader>
#include <QMutexLocker>

namespace mv {

QImage ImageLibrary::image(const QString& path) {
    QMutexLocker lock(&m_mutex);
    const auto found = m_images.constFind(path);
    if (found != m_images.constEnd()) return *found;
    QImageReader reader(path);
    reader.setAutoTransform(true);
    QImage loaded = reader.read();
    if (!loaded.isNull()) loaded = loaded.convertToFormat(QImage::Format_ARGB32_Premultiplied);
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
