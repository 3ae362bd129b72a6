#pragma once
// Where an element is at one frame in its own coordinates (length units, y up): a pendulum's pivot
// and bob with the rod's angle, or a point. The element's visual maps these to the canvas
// (ElementVisual::toCanvas). This is the one place that says where a pendulum's rod starts, so a
// moving pivot (docs/reference.md#moving-pivots) changes pendulumPivot and nothing that draws.

#include <optional>

#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

struct ElementPlacement {
    Vec2 pivot;        // Pendulum: where the rod starts
    Vec2 body;         // the bob or the point
    double angle = 0;  // Pendulum: theta, the rod's turn from straight down, counter-clockwise
};

// The pendulum's pivot at the frame (FrameSolution::pivots): its `pivot` expression there, [0, 0]
// when it has none.
Vec2 pendulumPivot(const Script& script, ElementId element, const FrameSolution& frame);

// The element at the frame, or nothing when the frame holds no states for it.
std::optional<ElementPlacement> placeElement(const Script& script, ElementId element,
                                             const FrameSolution& frame);

// The pivot and the bob (or the point) of a placement where the canvas draws them: the visual's
// canvas place with y flipped (scene y = `worldHeight` - canvas y). Nothing where the visual is
// not drawn: far outside any canvas (where the rasteriser's fixed point ends) or not finite. The
// desktop's scene and the HTML players (player_data.h) both place visuals from here.
struct ScenePoints {
    Vec2 pivot;
    Vec2 body;
};
std::optional<ScenePoints> scenePoints(const ElementVisual& visual,
                                       const ElementPlacement& placement, double worldHeight);

}  // namespace mv
