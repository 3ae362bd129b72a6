#include "ui/export/png_encoding.h"

#include <QBuffer>
#include <QImage>
#include <QImageWriter>

namespace mv {

// Inverts Qt's (100 - quality) * 9 / 91: the largest quality that still maps to `level`.
int pngQualityForLevel(int level) {
    for (int quality = 100; quality >= 0; --quality)
        if ((100 - quality) * 9 / 91 == level) return quality;
    return 0;
}

QByteArray encodePng(const QImage& image, int level) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    writer.setQuality(pngQualityForLevel(level));
    if (!writer.write(image)) return {};
    return bytes;
}

}  // namespace mv
