#pragma once
// What `solve` prints of one frame, in the order it is printed, listed in one place for every
// format: JSON nests the groups as objects, CSV flattens them into columns named by their path
// (Crank.P.x), the text lays them out in lines for reading (solve_text.cpp). A new quantity
// (velocities, say) is added to FrameFields::write once and appears in all three.

#include <string_view>
#include <vector>

#include "core/model/geometry.h"
#include "core/model/script.h"
#include "solver/api/force_entries.h"
#include "solver/api/frame_solution.h"

namespace mv {

class FrameFieldSink {
public:
    virtual ~FrameFieldSink() = default;
    // A named group of fields (a thing, its anchors, the variables); groups nest.
    virtual void beginGroup(std::string_view name) = 0;
    virtual void endGroup() = 0;
    // A group that has no values at this frame (the forces of a failed frame, a constraint not
    // active): its fields still arrive, as NaN, so that CSV keeps its columns (empty cells); JSON
    // writes the group as null instead.
    virtual void beginUndefinedGroup(std::string_view name) { beginGroup(name); }
    virtual void number(std::string_view name, double value) = 0;
    virtual void integer(std::string_view name, int value) = 0;
    virtual void text(std::string_view name, std::string_view value) = 0;
    virtual void boolean(std::string_view name, bool value) = 0;
    // A vector: [x, y] in JSON, two columns name.x and name.y in CSV.
    virtual void point(std::string_view name, Vec2 value) = 0;
    // How the solve of the frame ended. Its list of constraints that are off varies from frame
    // to frame, so it has no fixed columns; CSV leaves it out.
    virtual void summary(const FrameSummary& summary) = 0;
};

// Index, time, t, iv, status, summary, then every thing's pose, anchors and their velocities and
// accelerations, the named variables with theirs, and the element states; with masses, the
// forces, the energy and the unheld loads. Angles in radians. Built once per script: the names
// the forces are printed under are the script's, not the frame's.
class FrameFields {
public:
    explicit FrameFields(const Script& script);
    void write(const FrameSolution& frame, FrameFieldSink& sink) const;

private:
    void writeForces(const FrameSolution& frame, FrameFieldSink& sink) const;
    void writeEntry(const ForceEntry& entry, const FrameSolution& frame,
                    FrameFieldSink& sink) const;
    void writeUnheld(const FrameSolution& frame, FrameFieldSink& sink) const;

    const Script& m_script;
    std::vector<ForceEntry> m_forces;
    std::vector<ThingId> m_massive;  // the things with a mass, ascending
};

}  // namespace mv
