#pragma once
// The exact velocities and accelerations of a segment's machine at a solved frame
// (docs/reference.md#order-of-solving-and-integrating), by differentiating its constraints in time
// rather than differencing frames. Along the motion every residual stays zero, r(x(T), u(T)) = 0,
// so
//   J ẋ = −∂r/∂T                       (first order),
//   J ẍ = −(the rest of d²r/dT²)       (second order),
// with J the Jacobian over the unknowns and u the inputs (t, T, iv and the element states, whose
// rates the mechanics gives). Both are solved on the blocks the positions are solved on, in the
// same order (solver/structure/segment_structure.h), so each block's rates need only those of
// blocks before it. The right-hand sides come from running each constraint's compiled tape (the
// solver's, solver/kinematics/expression_tape.h) in truncated Taylor arithmetic (taylor.h); J from
// the same tape's gradients (block_rates.h).
//
// - A square block whose Jacobian is singular (a dead centre) has no defined rates: its unknowns,
//   and everything that reads them, get NaN, which the outputs show as undefined.
// - A free block (under-determined) moves as little as it can, as its positions do: the rates of
//   least weighted length (angles weighed as arcs); an inequality there counts while it is at its
//   limit.
// - Blocks wider than kDenseUnknownLimit unknowns solved together are factored sparsely
//   (rate_solver.h): their rates are exact too.

#include <memory>
#include <vector>

#include "core/model/evaluate.h"
#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"
#include "solver/motion/taylor.h"
#include "solver/motion/taylor_series.h"

namespace mv {

struct SegmentModel;

// The per-frame inputs (t, T, iv, then every element state as (x, y)) as they move: values from
// `states`, rates and accelerations from `rates` and `accelerations` (each may be null: at rest).
std::vector<Taylor> movingInputs(const Script& script, const Frame& frame,
                                 const ElementStates* states, const ElementStates* rates,
                                 const ElementStates* accelerations);

class MachineMotion {
public:
    // `model` is the segment's (solver/kinematics/segment_model.h); it must outlive the motion.
    MachineMotion(const Script& script, SegmentModel& model);
    ~MachineMotion();

    // Differentiates the solution in `state` (its poses and variables) along `inputs` and writes
    // the velocities and accelerations of every pose and variable into it. `inputs` is kept (the
    // series and the expressions along the motion read it): taken, not copied, from movingInputs().
    void differentiate(std::vector<Taylor> inputs, FrameSolution& state);

    // The motion of a differentiated frame as series in time (taylor_series.h), and how far
    // either way from that frame they hold at their degree: how long the accelerations of its
    // unknowns stay within the tolerance of the size of their motion, as the last terms of the
    // series tell.
    struct Series {
        std::vector<TaylorSeries> unknowns, inputs;  // by problem unknown, by input
        int degree = -1;                             // -1: none
        double reach = 0;
    };

    // Whether the motion of the last differentiate(), as its Series of at most `degree`, holds
    // `dt` from there within `tolerance`. The series is extended an order at a time, only as far
    // as the times asked need (a millionth of a second needs a few orders, a frame all of them).
    // False where it cannot be extended: a dead centre, a free block (its positions move as little
    // as they can, which its rates do not follow to higher orders), a kink in a constraint (abs,
    // min, max, ease, a comparison).
    bool reaches(double dt, int degree, double tolerance);
    // Moves the machine `dt` along that series (as far as reaches() said it holds; 0: back to
    // where it was solved), or along one the caller kept of a frame solved before (takeSeries()):
    // what is read of it then (evaluate(), the leaves) is the machine there, to that tolerance, as
    // if solved and differentiated there. The series must stay where it is while followed.
    void follow(double dt);
    void follow(const Series& series, double dt);
    // The Series of the last differentiate(), as far as it was extended, for the caller to keep
    // (the motion has none left until the next differentiate()).
    Series takeSeries();
    // How many orders reaches() has extended series by, in all: work, as a solve is.
    long seriesOrders() const { return m_seriesOrders; }

    // An expression evaluated along the motion of the last differentiate(): its value, velocity
    // and acceleration.
    Value<Taylor> evaluate(const Expression& expression) const;
    // One leaf of the machine along the motion: an anchor's world position, a variable.
    Value<Taylor> anchor(uint32_t thing, uint32_t anchor) const;
    Value<Taylor> variable(uint32_t index) const;
    // vel(Thing.Anchor) (order 1) or acc(Thing.Anchor) (order 2) along the motion: its value and
    // rate (the acceleration's rate, a jerk, is not computed and reads as 0).
    Value<Taylor> anchorMotion(uint32_t thing, uint32_t anchor, int order) const;
    // Where each element hangs at the last differentiate(), in its own units
    // (FrameSolution::pivots).
    std::vector<Vec2> pivots() const;

private:
    struct SegmentRates;  // the segment's blocks as differentiated, kept out of this header
    class Environment;
    void differentiateAroundSingularBlocks();
    bool startSeries();
    // An unknown (by problem unknown) and an input, as the motion has them now.
    Taylor unknown(size_t index) const;
    Taylor input(size_t index) const;

    const Script& m_script;
    std::unique_ptr<SegmentRates> m_segment;
    const FrameSolution* m_state = nullptr;
    std::vector<Taylor> m_inputs;
    std::vector<Taylor> m_unknowns;  // by problem unknown: value, rate, half the acceleration
    // The last differentiate() found every rate, in a segment whose motion has a series.
    bool m_extendable = false;
    Series m_series;
    // Since follow(): the unknowns and the inputs are read from that series, `m_dt` on, each where
    // it is read (a pivot reads two or three of them, and the integrator asks at several times a
    // frame). Null: as solved.
    const Series* m_followed = nullptr;
    double m_dt = 0;
    long m_seriesOrders = 0;
};

}  // namespace mv
