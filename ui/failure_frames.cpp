#include "ui/failure_frames.h"

namespace mv {

QString FailureFrames::text() const {
    if (count == span.count()) return QString::fromStdString(describe(span));
    return QStringLiteral("%1 frames in %2\u2013%3").arg(count).arg(span.first).arg(span.last);
}

std::map<ConstraintId, FailureFrames> failureFrames(const std::vector<FrameSolution>& frames) {
    std::map<ConstraintId, FailureFrames> causes;
    for (const FrameSolution& frame : frames) {
        for (const FrameSummary::Off& off : frame.summary.off) {
            auto [it, added] = causes.try_emplace(off.constraint);
            FailureFrames& cause = it->second;
            if (added) cause.span.first = frame.index;
            cause.span.last = frame.index;
            ++cause.count;
        }
    }
    return causes;
}

}  // namespace mv
