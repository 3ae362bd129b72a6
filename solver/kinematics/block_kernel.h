#pragma once
// A block's rows as one tape over the block's own unknowns, built once from its constraints'
// tapes: what Newton evaluates several times a sub-step. Three things make it cheaper than walking
// the constraints one by one (bench/crank_slider_bench, docs/performance.md):
// - the unknowns of the blocks solved before it (the crank's angle, for the rod's block) are
//   inputs here, so what depends only on them and on time is computed once per sub-step, not per
//   Newton step, and the gradients run over the block's unknowns only (2 where a rod's pin on a
//   crank has 6 local unknowns);
// - what two of its constraints compute alike (a thing's cos and sin, an anchor both read) is
//   computed once;
// - residuals and Jacobian entries are written straight into the block's arrays, with no copy
//   through a constraint's local ones.
// The instructions are the constraints' own, replayed in their order with their operands, so a
// value comes out bit for bit as evaluating the constraints gives it.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "solver/kinematics/expression_tape.h"
#include "solver/kinematics/harmonic_row.h"

namespace mv {

class SegmentProblem;

class BlockKernel {
public:
    // `rows`: the block's rows (the segment's, in the block's order); `columns`: its unknowns
    // (the segment's, ascending).
    BlockKernel(const SegmentProblem& segment, const std::vector<int>& rows,
                std::span<const int> columns);
    // A copy of a built kernel in `arena`, beside the kernels built before it there.
    BlockKernel(const BlockKernel& built, SegmentArena* arena);

    // The residuals at the block's unknowns `x`, the other unknowns read from `context` (the
    // segment's solution), and when `jacobian` is not null the dense column-major Jacobian.
    // Returns false when a residual is not a finite number. What depends on no unknown of the
    // block is computed again only after rebind() or a change of the segment's inputs or angles
    // (SegmentProblem::changes): once per sub-step, not once per Newton step.
    bool evaluate(SegmentProblem& segment, const double* context, const double* x,
                  double* residuals, double* jacobian);
    // The context is new, or its values changed (another block was solved).
    void rebind() { m_bound = false; }
    // Where row `row` is `u - F` or `F - u`, u one of the kernel's unknowns and F a slot that
    // depends on none of them (`Rod.A = Crank.Q`, `Rod.B = [x, 150]`): u's column and F's slot,
    // whose value solves the row, u = F. Not for a row of another form, or a hinge.
    struct Assignment {
        int column = -1;
        int slot = -1;
    };
    std::optional<Assignment> assignment(size_t row) const;
    // The values of the slots, such slots among them, with the inputs as `context` and the
    // segment have them now (by slot; those that depend on the block's unknowns as the last
    // evaluation left them).
    const double* fixedValues(SegmentProblem& segment, const double* context);
    // Whether what the rows read besides the block's unknowns (the segment's inputs, the other
    // unknowns in `context`) is, bit for bit, what the last evaluation read: at the same unknowns
    // the rows would compute what they did.
    bool readsAsBefore(SegmentProblem& segment, const double* context) const;
    // A block of one row in one angle solved in closed form (harmonic_row.h), with the inputs and
    // `context` as the segment has them now: its angle `x` set to the root nearest it. None, `x`
    // as it was, for any other block or where there is no such root.
    std::optional<HarmonicRow::Root> meetInClosedForm(SegmentProblem& segment,
                                                      const double* context, double* x);

    // For the rates (solver/motion/block_rates.h), which differentiate the rows as written (no
    // hinge, no homotopy) along the motion, in three steps:
    // - the kernel's inputs in the motion's arithmetic, from the segment's inputs and unknowns as
    //   it carries them (`sources`: sourceCount() of them);
    template <class T>
    void sourcesIn(SegmentProblem& segment, const T* inputs, const T* unknowns, T* sources) const;
    // - every slot in that arithmetic, from the inputs and the block's unknowns as it carries them
    //   (`values`: theirs; outputSlot(r) is row r's slot); with `again`, only those that depend on
    //   the block's unknowns, the others as the last call left them (the same inputs);
    template <class T>
    void evaluateIn(SegmentProblem& segment, const T* sources, const T* x, const double* values,
                    T* slots, bool again) {
        if (again) {
            m_tape.evaluateVaryingIn(sources, x, slots, turnsAt(segment, values));
        } else {
            m_tape.evaluateIn(sources, x, slots, turnsAt(segment, values));
        }
    }
    // - the rows' values and gradients at the block's unknowns `x` (gradient(r) is row r's over
    //   the block's unknowns, null where it depends on none), what depends on none of them read
    //   from the values of `slots` that evaluateIn() just wrote rather than computed again: the
    //   same operations on the same numbers (a rotation by time is one sincos, not two).
    template <class T>
    void evaluateRows(SegmentProblem& segment, const T* slots, const double* x) {
        m_tape.setFixedFrom(slots);
        m_bound = false;  // these are not the context's of evaluate()
        m_tape.evaluate(x, turnsAt(segment, x), true);
    }
    // Whether rows [first, first + count)'s gradients are the same in every evaluation
    // (ExpressionTape::constantGradients).
    bool rowsHaveConstantGradients(size_t first, size_t count) const;
    size_t sourceCount() const { return m_sources.size(); }
    // Whether the rows read nothing but the block's own unknowns (no time, no element state, no
    // other unknown, no angle's reference): `Engine.P = [60,180]`. Where its unknowns are where
    // they were, such a block is exactly as it was.
    bool readsOwnUnknownsOnly() const { return m_ownOnly; }
    int slotCount() const { return m_tape.size(); }
    size_t rowCount() const { return m_outputs.size(); }
    int outputSlot(size_t row) const { return m_outputs[row].slot; }
    const double* gradient(size_t row) const { return m_tape.gradient(m_outputs[row].slot); }

private:
    // Where an input of the kernel's tape comes from.
    struct Source {
        // An angle's cos and sin are the segment's (SegmentProblem::cosSin), shared by blocks.
        enum class Kind : uint8_t { Input, Context, ContextCos, ContextSin, Reference };
        Kind kind = Kind::Input;
        int index = 0;       // the segment's input, the segment's unknown, or a Reference slot
        int constraint = 0;  // Reference: whose tape holds it
        int slot = 0;        // the kernel's Input slot that holds it
    };
    struct Output {
        int slot = 0;
        bool hinge = false;
        int segmentRow = 0;  // the row's index among the segment's residuals (the homotopy's)
    };
    class Builder;

    void dropUnread();
    bool inputsCurrent(const SegmentProblem& segment) const;
    void refreshInputs(SegmentProblem& segment, const double* context);
    static double sourceValue(SegmentProblem& segment, const double* context, const Source& source);
    static double referenceValue(const SegmentProblem& segment, const Source& source);
    static std::pair<double, double> cosSinOf(SegmentProblem& segment, int unknown, double angle);
    const double* turnsAt(SegmentProblem& segment, const double* x);

    ExpressionTape m_tape;
    ArenaVector<Source> m_sources;
    ArenaVector<Output> m_outputs;
    bool m_bound = false;    // the Input slots hold the context's and the segment's ...
    uint64_t m_changes = 0;  // ... as of this SegmentProblem::changes()
    // The block's angles whose cos and sin the tape reads: (column, the segment's unknown).
    ArenaVector<std::pair<uint32_t, int>> m_turns;
    ArenaVector<double> m_trig;        // as ExpressionTape::evaluate reads them, by column
    bool m_ownOnly = true;             // no input is read by what the rows need (keepOnly)
    ArenaPtr<HarmonicRow> m_harmonic;  // see meetInClosedForm(); last: few blocks read it
};

using KernelPtr = ArenaPtr<BlockKernel>;
// Built on the heap, where it grows, then copied into `arena` at its final size: a segment's
// kernels sit side by side in the order they were made (the order the blocks are solved).
KernelPtr makeKernel(const SegmentProblem& segment, const std::vector<int>& rows,
                     std::span<const int> columns, SegmentArena* arena);

template <class T>
void BlockKernel::sourcesIn(SegmentProblem& segment, const T* inputs, const T* unknowns,
                            T* sources) const {
    for (size_t k = 0; k < m_sources.size(); ++k) {
        const Source& s = m_sources[k];
        switch (s.kind) {
            case Source::Kind::Input:
                sources[k] = inputs[s.index];
                break;
            case Source::Kind::Context:
                sources[k] = unknowns[s.index];
                break;
            case Source::Kind::ContextCos:
            case Source::Kind::ContextSin: {
                // The cos and sin of the angle's value are the segment's: the arithmetic adds its
                // own parts, as a constraint's tape does with them.
                const T& angle = unknowns[s.index];
                const auto [cosine, sine] = cosSinOf(segment, s.index, valueOf(angle));
                T c, n;
                cosAndSin(angle, cosine, sine, c, n);
                sources[k] = s.kind == Source::Kind::ContextCos ? c : n;
                break;
            }
            case Source::Kind::Reference:
                sources[k] = T(referenceValue(segment, s));
                break;
        }
    }
}

}  // namespace mv
