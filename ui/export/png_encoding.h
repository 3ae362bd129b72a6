#pragma once
// Encodes an exported frame as PNG in memory, on a render worker, so encoding (the costly part of
// a PNG export) runs on every core and the files are written in order by one thread.

#include <QByteArray>

class QImage;

namespace mv {

// The zlib level PNG frames are compressed at. Qt 6.4's PNG writer ignores setCompression(); it
// takes the level from setQuality() as (100 - quality) * 9 / 91, so quality 50 is level 4.
// Measured on a 1080p pump frame (docs/performance.md, BM_PngLevel): libpng's row filtering
// takes 37 ms whatever the level (level 0 stores, and still filters), so levels 1-7 cost 41-51 ms
// in all. Level 4 writes files 30% smaller than level 1 for 18% more time, within 4% of level 6's
// size; levels 8 and 9 cost 1.2 and 1.8 times as much as level 4 for 1-4% less.
inline constexpr int kPngZlibLevel = 4;

// The Qt writer quality that selects zlib level `level` (0-9).
int pngQualityForLevel(int level);

// The PNG file of `image` at `level`; empty when it cannot be encoded (out of memory).
QByteArray encodePng(const QImage& image, int level = kPngZlibLevel);

}  // namespace mv
