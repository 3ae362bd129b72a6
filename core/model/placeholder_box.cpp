#include "core/model/placeholder_box.h"

#include <algorithm>

namespace mv {

namespace {

constexpr double kMinSize = 40;
constexpr double kMargin = 10;

}  // namespace

Box placeholderBox(const Thing& thing) {
    double left = 0, right = 0, top = 0, bottom = 0;
    for (size_t i = 0; i < thing.anchors.size(); ++i) {
        const double x = thing.anchors[i].local.x, y = -thing.anchors[i].local.y;
        left = i == 0 ? x : std::min(left, x);
        right = i == 0 ? x : std::max(right, x);
        top = i == 0 ? y : std::min(top, y);
        bottom = i == 0 ? y : std::max(bottom, y);
    }
    const double growX = kMargin + std::max(0.0, kMinSize - (right - left + 2 * kMargin)) / 2;
    const double growY = kMargin + std::max(0.0, kMinSize - (bottom - top + 2 * kMargin)) / 2;
    return {left - growX, top - growY, right - left + 2 * growX, bottom - top + 2 * growY};
}

}  // namespace mv
