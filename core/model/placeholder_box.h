#pragma once
// Where an image thing whose picture cannot be read is drawn instead: a rectangle around its
// anchors, with a margin, at least 40 units a side so a thing with one anchor is still seen. In
// the thing's item coordinates (its body's x, y down: an anchor at local (x, y) is at (x, -y)).
// The desktop's scene (ui/scene/thing_item.h) and the HTML players (solver/api/player_data.h)
// both draw it from here.

#include "core/model/script.h"

namespace mv {

struct Box {
    double x = 0, y = 0;  // the top-left corner
    double width = 0, height = 0;
};

Box placeholderBox(const Thing& thing);

}  // namespace mv
