#include "solver/api/element_placement.h"

#include <cmath>

#include "core/model/elementary_functions.h"

namespace mv {

namespace {

// Beyond this distance from the canvas (in canvas units) a visual is not drawn: nothing there can
// be seen, and the rasteriser need not meet coordinates near the limits of its fixed point.
constexpr double kFarAway = 1e7;

bool reasonable(Vec2 p) {
    return std::abs(p.x) < kFarAway && std::abs(p.y) < kFarAway;
}

}  // namespace

Vec2 pendulumPivot(const Script&, ElementId element, const FrameSolution& frame) {
    return element < frame.pivots.size() ? frame.pivots[element] : Vec2{0, 0};
}

std::optional<ElementPlacement> placeElement(const Script& script, ElementId id,
                                             const FrameSolution& frame) {
    if (id >= script.elements.size() || id >= frame.elements.size()) return std::nullopt;
    const Element& element = script.elements[id];
    const std::vector<Vec2>& states = frame.elements[id];
    if (element.kind == Element::Kind::Point) {
        const int x = element.stateIndex("x");
        if (x < 0 || static_cast<size_t>(x) >= states.size()) return std::nullopt;
        return ElementPlacement{states[x], states[x], 0};
    }
    const int theta = element.stateIndex("theta");
    const int length = element.parameterIndex("l");
    if (theta < 0 || length < 0 || static_cast<size_t>(theta) >= states.size()) return std::nullopt;
    const double angle = states[theta].x;
    const double l = element.parameters[length].value;
    const Vec2 pivot = pendulumPivot(script, id, frame);
    // The bob hangs straight down at theta = 0 and swings counter-clockwise as theta grows.
    const auto [s, c] = elementary::sinCos(angle);
    return ElementPlacement{pivot, pivot + l * Vec2{s, -c}, angle};
}

std::optional<ScenePoints> scenePoints(const ElementVisual& visual,
                                       const ElementPlacement& placement, double worldHeight) {
    const auto toScene = [&](Vec2 local) {
        const Vec2 canvas = visual.toCanvas(local);
        return Vec2{canvas.x, worldHeight - canvas.y};
    };
    const Vec2 pivot = toScene(placement.pivot), body = toScene(placement.body);
    if (!reasonable(pivot) || !reasonable(body) || !std::isfinite(placement.angle))
        return std::nullopt;
    return ScenePoints{pivot, body};
}

}  // namespace mv
