#pragma once
// What the forces warn about over a whole run, each said once with the frames it holds in
// (docs/mechanics.md, "Forces"): constraints that share a load in a way the equations cannot
// split (a bar on two pins), and loads nothing holds (a bar free to turn about its one pin).

#include <map>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/frame_range.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

class ForceWarnings {
public:
    void note(const FrameSolution& frame);
    std::vector<Diagnostic> diagnostics(const Script& script) const;

private:
    struct Unheld {
        FrameRange frames;
        double force = 0;   // the largest, N
        double torque = 0;  // the largest, N·m
    };
    std::map<std::vector<ConstraintId>, FrameRange> m_indeterminate;
    std::map<ThingId, Unheld> m_unheld;
};

}  // namespace mv
