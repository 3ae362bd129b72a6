#pragma once
// What `solve` prints of one frame, in the order it is printed, listed in one place for every
// format: JSON nests the groups as objects, CSV flattens them into columns named by their path
// (Crank.P.x), the text lays them out in lines for reading (solve_text.cpp). A new quantity
// (velocities, say) is added to writeFrameFields once and appears in all three.

#include <string_view>

#include "core/model/geometry.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

class FrameFieldSink {
public:
    virtual ~FrameFieldSink() = default;
    // A named group of fields (a thing, its anchors, the variables); groups nest.
    virtual void beginGroup(std::string_view name) = 0;
    virtual void endGroup() = 0;
    virtual void number(std::string_view name, double value) = 0;
    virtual void integer(std::string_view name, int value) = 0;
    virtual void text(std::string_view name, std::string_view value) = 0;
    // A vector: [x, y] in JSON, two columns name.x and name.y in CSV.
    virtual void point(std::string_view name, Vec2 value) = 0;
    // How the solve of the frame ended. Its list of constraints that are off varies from frame
    // to frame, so it has no fixed columns; CSV leaves it out.
    virtual void summary(const FrameSummary& summary) = 0;
};

// Index, time, t, iv, status, summary, then every thing's pose, anchors and their velocities and
// accelerations, the named variables with theirs, and the element states. Angles in radians.
void writeFrameFields(const Script& script, const FrameSolution& frame, FrameFieldSink& sink);

}  // namespace mv
