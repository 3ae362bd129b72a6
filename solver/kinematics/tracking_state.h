#pragma once
// What one frame of a segment leaves for the next: the segment solver (segment_solver.h), its path
// tracker (path_tracker.h) and its branch chooser (branch_chooser.h) pass it between them, so it is
// written down here rather than spread over their members. segment_solver.h says in which order
// each of them reads and writes it.

#include <vector>

namespace mv {

struct TrackingState {
    // The segment's unknowns (SegmentProblem's order): where the last frame or sub-step left the
    // machine. Each frame starts from them, because the machine stays on the branch it is on only
    // when it is followed from where it was; the branch chooser solves them in place too.
    std::vector<double> values;
    // Per unknown, how it moved over the last accepted sub-step, per whole path: the predictor
    // extrapolates the next sub-step along it, so the corrector starts near the branch it follows.
    // 0 for an unknown of a free block, which moves only as little as it must.
    std::vector<double> velocity;
    // Whether `velocity` says where the machine goes next. Not after a fresh solve (nothing moved
    // yet), a jump in the inputs (the motion before it does not carry across) or a path that failed
    // (it says nothing about the machine): then the next path starts unpredicted.
    bool haveVelocity = false;
    // Per unknown, how `velocity` changed from the sub-step before to the last one, per whole path
    // squared (a divided difference): the predictor follows the parabola through the last three
    // points. Only where `velocity` came from two sub-steps of one path.
    std::vector<double> curvature;
    bool haveCurvature = false;
    double lastStep = 1;  // the last accepted sub-step, as a share of a frame
    // The sub-step, as a share of a frame, that the next path starts with: where the last one had
    // to halve (two branches close), the next is probably as hard, and starting small spares the
    // sub-steps it would refuse. 1 after a fresh solve.
    double nextStep = 1;
    // The frame being solved missed somewhere (a block could not meet its rows on the way): the
    // frame is then measured constraint by constraint and named off, the path's motion is not
    // trusted for the next frame, and a new segment's homotopy counts as not having led anywhere.
    // Cleared at each frame's start and when the frame holds after all.
    bool failed = false;
};

}  // namespace mv
