#pragma once
// Where each cause of failure failed: for every constraint that some frame's summary lists as
// off (FrameSummary::off, the same grouping the solver's Conflict diagnostic makes), the first and
// last frame it failed in and how many. The diagnostics panel shows it beside the diagnostic.

#include <QString>

#include <map>
#include <vector>

#include "core/frame_span.h"
#include "core/strong_id.h"
#include "solver/frame_solution.h"

namespace mv {

struct FailureFrames {
    FrameSpan span;  // the first and the last frame it failed in
    int count = 0;   // frames it failed in, within the span

    // "frames 12–40 (29)" when it failed in every frame of the span, else "29 frames in 12–80".
    QString text() const;
};

std::map<ConstraintId, FailureFrames> failureFrames(const std::vector<FrameSolution>& frames);

}  // namespace mv
