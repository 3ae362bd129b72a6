#pragma once
// What the HTML player (resources/player/player.js) plays: one JSON object with the things and
// how each is drawn, the marker ticks, the failed frames and a pose table. Both builds write it
// here: the desktop's one-file player page (ui/export/html_export.h) and the editable page's
// solver in WebAssembly (app/web/), so the two pages draw the same frames. Nothing here knows how
// the pictures get into the page: PlayerImages says which element holds each.
//
// The pose table, per frame (`stride` floats): for each thing x, y (world units) and its angle
// reduced to [-π, π] (std::remainder(angle, 2π)); then for each drawn element its place in scene
// units (the world with y flipped): a point's x, y; a pendulum's bob x, y, pivot x, y and theta.
// A hidden element (no state at the frame, or far off the canvas) has NaN as its first value.
// Little-endian float32 in base64.

#include <string>
#include <utility>
#include <vector>

#include "core/model/frame_range.h"
#include "solver/api/animation.h"

namespace mv {

// The pictures of a player page, by their index in it.
class PlayerImages {
public:
    virtual ~PlayerImages() = default;
    // The picture at `path` (Thing::imagePath, ElementVisual::imagePath): its index in the page,
    // the same for every use, or -1 where it cannot be drawn (the placeholder stands in).
    virtual int add(const std::string& path) = 0;
    // The ids of the page's <img> elements, in index order.
    virtual std::vector<std::string> ids() const = 0;
};

struct PlayerDataOptions {
    double scale = 1;                         // CSS pixels per canvas unit
    FrameRange frames = FrameRange::from(0);  // of the animation, both ends included
    // Anchors whose path over the page's frames is drawn above the machine, as the editor's
    // traces are: (thing, anchor index).
    std::vector<std::pair<ThingId, int>> traces;
};

// The player's data for an already-solved animation; empty when the animation has no script or
// the range holds no frame. It holds `<` only escaped, so it can sit in a <script> element.
std::string playerData(const Animation& animation, PlayerImages& images,
                       const PlayerDataOptions& options = {});

// Pixels of a canvas side of `length` units drawn at `scale`: at least one.
int framePixels(double length, double scale);

}  // namespace mv
