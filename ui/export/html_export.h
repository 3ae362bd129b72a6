#pragma once
// One self-contained HTML page that plays a solved animation: the things' images embedded once
// (data URIs), a pose table (every frame's thing poses and element places as float32, not a
// picture per frame), the marker ticks with their times, and a small player (resources/player/:
// its script, style and page, embedded at build time). Nothing in the page is fetched, so it plays
// from file:// and offline; the canvas is redrawn at the device's pixel ratio, crisp at any zoom.
// The player draws each frame as MachineScene does, so a frame looks like its PNG export.
// The player's data is solver/api/player_data.h's, which the editable page's WebAssembly writes
// too.

#include <QByteArray>
#include <QString>

#include <utility>
#include <vector>

#include "core/model/frame_range.h"
#include "solver/api/animation.h"

namespace mv {

class ImageLibrary;

struct HtmlPageOptions {
    double scale = 1;                         // CSS pixels per canvas unit
    FrameRange frames = FrameRange::from(0);  // of the animation, both ends included
    // Anchors whose path over the page's frames is drawn above the machine, as the editor's
    // traces are: (thing, anchor index).
    std::vector<std::pair<ThingId, int>> traces;
    QString title;  // the page's title; empty: "Movimentum"
};

// The page for an already-solved animation (its script's images read through `images`, as the
// scene reads them). Empty when the animation has no script or the range holds no frame.
QByteArray htmlPlayerPage(const Animation& animation, ImageLibrary& images,
                          const HtmlPageOptions& options = {});

}  // namespace mv
