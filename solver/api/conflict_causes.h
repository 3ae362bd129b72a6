#pragma once
// Why frames failed, gathered over a whole run: one cause per constraint that some frame could not
// meet, with the frames it failed in, by how much, and its support (the constraints
// that fix what it reads). The animation publishes the causes as data (Animation::causes) and says
// each once as an error with notes (docs/reference.md#conflicts); the editor reads the frames from
// here rather than grouping the failed frames again.

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/frame_range.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

struct ConflictCause {
    ConstraintId constraint;
    FrameRange frames;                  // the first and the last frame it failed in
    int count = 0;                      // frames it failed in, within `frames`
    double worst = 0;                   // the largest miss among them that was a number
    bool notANumber = false;            // in some frame it was not a number
    std::vector<ConstraintId> support;  // the constraints it depends on (its support)
};

class ConflictCauses {
public:
    // Notes every constraint `frame`'s summary lists as off. `support(id)`: the constraints id
    // depends on, asked once per frame it is off in (the animation cache keeps them).
    template <class Support>
    void note(const FrameSolution& frame, Support support) {
        for (const FrameSummary::Off& off : frame.summary.off) {
            auto [it, added] = m_causes.try_emplace(off.constraint);
            ConflictCause& cause = it->second;
            const std::vector<ConstraintId>& with = support(off.constraint);
            if (added) {
                cause.constraint = off.constraint;
                cause.frames.first = frame.index;
                cause.support = with;
            }
            cause.frames.last = frame.index;
            ++cause.count;
            if (std::isfinite(off.by)) {
                cause.worst = std::max(cause.worst, off.by);
            } else {
                cause.notANumber = true;
            }
        }
    }

    // In the order the constraints are written.
    std::vector<ConflictCause> causes() const;

private:
    std::map<ConstraintId, ConflictCause> m_causes;
};

// One error per cause, naming the constraint, the frames and the miss, then a note on each
// constraint it depends on (at most kMaxSupportNotes, and how many more).
inline constexpr size_t kMaxSupportNotes = 8;
std::vector<Diagnostic> conflictDiagnostics(const Script& script,
                                            const std::vector<ConflictCause>& causes);

}  // namespace mv
