#pragma once
// Encodes an exported frame as PNG in memory, on a render worker, so encoding (the costly part of
// a PNG export) runs on every core and the files are written in order by one thread.

#include <QByteArray>

class QImage;

namespace mv {

// The zlib level PNG frames are compressed at. Qt 6.4's PNG writer ignores setCompression(); it
// takes the level from setQuality() as (100 - quality) * 9 / 91, so quality 50 is level 4.
// Measured on the pump (docs/performance.md, BM_PngLevel): libpng's row filtering costs as much
// as zlib at levels 1-7, so levels 1-7 take about the same time; level 4 gives files 30% smaller
// than level 1 and within 4% of level 6, and levels 8 and 9 cost 1.5-2.5 times as much.
inline constexpr int kPngZlibLevel = 4;

// The Qt writer quality that selects zlib level `level` (0-9).
int pngQualityForLevel(int level);

// The PNG file of `image` at `level`; empty when it cannot be encoded (out of memory).
QByteArray encodePng(const QImage& image, int level = kPngZlibLevel);

}  // namespace mv
