#pragma once
// Solves one frame with a point of a thing pulled toward the mouse: the editor's live drag
// (docs/editor.md). As in SolveSpace, every constraint still holds, and of the ways the machine can
// still move, the one that brings the gripped point nearest the mouse is taken. What can move is
// what the text leaves free: the machine's free degrees of freedom, and the two numbers that place
// the point when there are such (drag_source.h), which the drag reads as unknowns.
//
// The pull is a soft constraint of its own, a least-squares term that never competes with the
// script's constraints: it is minimised only over the motions the constraints allow. Each step is
// a Levenberg-Marquardt step of the distance from grip to mouse within the null space of the
// constraints' Jacobian (angles weighted by the lever, as everywhere in the solver), capped in
// length, then brought back onto the constraints by least-norm Newton corrections, and kept only
// when the grip came nearer; so a crank pin pulled far beyond its reach settles at the point of its
// circle nearest the mouse. The frame is then finished by the segment's own solver from there, so
// what is shown is a frame as the animation would solve it, with its summary. Each pull starts
// from the one before, so a drag follows the machine continuously and stays on its branch.
//
// Dense: an SVD of the frame's whole Jacobian per step, microseconds for a pump, growing with
// the cube of the unknowns, so the editor drags live only up to kDragUnknownLimit of them.

#include <memory>
#include <vector>

#include "core/model/frame_plan.h"
#include "solver/api/drag_source.h"
#include "solver/api/frame_solution.h"
#include "solver/api/solve_options.h"

namespace mv {

inline constexpr int kDragUnknownLimit = 400;

class DragSolver {
public:
    // `frame` is a solved frame of `plan` (the one on screen); the drag starts from it, and each
    // result is finished as the animation finishes a frame, with `options`.
    DragSolver(std::shared_ptr<const Script> script, const FramePlan& plan,
               const FrameSolution& frame, const Grip& grip, const SolveOptions& options = {});
    ~DragSolver();
    DragSolver(const DragSolver&) = delete;
    DragSolver& operator=(const DragSolver&) = delete;

    const DragSource& source() const;
    int unknownCount() const;

    // Pulls the grip toward `target` (world coordinates) from the last result; returns the frame,
    // its variables those of the original script.
    FrameSolution pullTo(Vec2 target);
    // The values of source().numbers at the last result.
    std::vector<double> numberValues() const;
    // Where the grip is at the last result.
    Vec2 gripPosition() const;

private:
    struct Pull;
    std::unique_ptr<Pull> m;
};

}  // namespace mv
