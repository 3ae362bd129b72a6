#pragma once
// A flat instruction tape for one constraint: the Expression tree compiled once per segment into
// scalar instructions (vectors are split into their components), evaluated per solver iteration
// with forward-mode derivatives written by hand. Each slot carries its value and its gradient with
// respect to the constraint's few local unknowns (a thing's pose touches 3, a variable 1 or 2), so
// an evaluation is a single pass over a small array with no allocation and no tree walk.
// Measured against ceres::Jet on the recursive evaluator (core/model/evaluate.h, bench/
// expression_tape_bench.cpp) it is faster (0.39 µs against 0.55 µs for the crank-slider's residuals
// and Jacobian), mostly because of the simplifications below, and it needs no compile-time bound on
// a constraint's unknowns, as Jet<double, N> does; it also computes the parts that depend only on
// time once per frame (setInputs) and takes each pose's cos and sin computed once for all
// constraints. docs/performance.md has the figures.
//
// Slots that depend on no unknown (numbers, time, element states) skip the gradient, and each
// gradient is computed only over the range of unknowns it can depend on; instructions whose
// arguments are all numbers are folded while the tape is built, products with 0 or 1 and sums
// with 0 are simplified away (an anchor at a thing's origin is just the pose's x and y), a term
// both sides of a difference share is left out of it (`Slider.Q - Slider.P` reads the slider's
// angle, not its position), and slots no output needs are not computed.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <span>
#include <utility>
#include <vector>

#include "core/model/elementary_functions.h"
#include "core/model/scalar_operator.h"
#include "solver/kinematics/segment_arena.h"

namespace mv {

// Cosine and sine of one angle in an arithmetic of the caller's; an arithmetic that can compute
// both at once (solver/motion/taylor.h) overloads it.
template <class T>
void cosAndSin(const T& angle, T& c, T& s) {
    using elementary::cos, elementary::sin;
    c = cos(angle);
    s = sin(angle);
}

// The same, where the cos and sin of the angle's value are known already (the solver computed them
// at that value): only the arithmetic's own parts are left to compute. A number's are those values.
inline void cosAndSin(double, double cosine, double sine, double& c, double& s) {
    c = cosine;
    s = sine;
}

// The whole turns (a multiple of 2π) that bring `angle` nearest `reference`; none without a
// reference (NaN), so an angle read for the first time stays in (−π, π].
inline double turnsToward(double angle, double reference) {
    constexpr double kTurn = 2 * std::numbers::pi;
    if (!std::isfinite(reference)) return 0;
    return kTurn * std::round((reference - angle) / kTurn);
}

// A number's value, in the arithmetics evaluateIn() runs in (taylor.h adds its own).
inline double valueOf(double x) {
    return x;
}

class ExpressionTape {
public:
    // The scalar operators first, in the order of ScalarOp (core/model/scalar_operator.h, which
    // says what each means and how it differentiates), so a code below kScalarOpCount is that
    // operator; then the tape's own instructions.
    enum class Code : uint8_t {
#define MV_TAPE_SCALAR_CODE(name) name,
        MV_SCALAR_OPERATORS(MV_TAPE_SCALAR_CODE)
#undef MV_TAPE_SCALAR_CODE
            Const,
        Input,
        Unknown,    // leaves: a number, a per-frame input, a local unknown
        Reference,  // a leaf: the value a turning angle had at the frame before (setReference)
        CosWithSin,
        SinOfCos,  // cos and sin of one angle from one sincos: always in this order
        Turn,  // a (an angle in (−π, π]) moved by whole turns to lie nearest b (its Reference)
    };
    static_assert(static_cast<int>(Code::Const) == kScalarOpCount);

    explicit ExpressionTape(int unknownCount = 0) : m_unknownCount(unknownCount) {}
    // A copy of a finished tape in `arena`: a block's kernel is built where it may grow and then
    // kept beside the other blocks' (a segment's arena, block_kernel.h). Its passes' lists are
    // made here, right after its slots: made at the first pass, they would lie wherever the
    // arena had got to by then, a line or two away from everything else the tape reads.
    ExpressionTape(const ExpressionTape& tape, SegmentArena* arena)
        : m_unknownCount(tape.m_unknownCount),
          m_fixedInputs(tape.m_fixedInputs),
          m_code(tape.m_code, arena),
          m_values(tape.m_values, arena),
          m_gradients(tape.m_gradients, arena),
          m_fixed(tape.m_fixed, arena),
          m_varying(tape.m_varying, arena),
          m_varyingUnknowns(tape.m_varyingUnknowns),
          m_ordered(tape.m_ordered) {
        if (!m_ordered) order();
    }
    // Room for `slots` slots, so that a tape whose size is known beforehand (a block's kernel,
    // at most its constraints' slots) is not grown by doubling.
    void reserve(size_t slots) {
        m_code.reserve(slots);
        m_values.reserve(slots);
    }

    int constant(double value);
    int input(uint32_t index);
    int unknown(uint32_t index);
    int reference();
    int unary(Code code, int a);
    int binary(Code code, int a, int b);
    // Cosine and sine of an angle, computed together (a rotation needs both).
    std::pair<int, int> cosSin(int angle);
    // Stops computing the slots none of `outputs` depends on (the sine of a pivot's rotation
    // that simplification left unused, for instance). Negative entries are ignored.
    void keepOnly(const std::vector<int>& outputs);
    // Where compact() moved each slot and each input: the new number by the old, -1 where none.
    struct Renumbering {
        std::vector<int> slots, inputs;
    };
    // Removes the slots keepOnly() left out, and the inputs only they read, numbering the rest
    // in their order. For a tape read by no one through its old numbers: a block's kernel, which
    // replays whole constraints of which its rows may need half (the x row of `P = B.Q` and not
    // the y), and which a frame walks from a cache that holds it only while it is small.
    Renumbering compact(size_t inputCount);

    // Computes the slots that depend on the per-frame inputs (time, element states) only, once
    // per frame, so that evaluate() need not redo `rotate(180° * t)` at every iteration.
    void setInputs(const double* inputs);
    // The same where the caller wrote each input into its slot (setInput): a block's kernel,
    // whose inputs come from several places, writes them there rather than through an array.
    void setInputs();
    // Input `slot` (an Input instruction's) holds `value` until set again.
    void setInput(int slot, double value) {
        m_values[slot] = value;
    }
    // Computes the slots that depend on the unknowns (inputs as last set). `trig`, when not null,
    // holds cos and sin of every local unknown in trigUnknowns() ([2j], [2j+1]), computed by the
    // caller, which shares them among constraints (SegmentProblem: once per angle's value).
    void evaluate(const double* unknowns, const double* trig, bool withGradient);

    // The live slots in another arithmetic, values only, into `slots` (one per slot of the
    // tape): from the per-frame `inputs` and the local `unknowns` as that arithmetic carries
    // them. The motion runs it on Taylor numbers (solver/motion/taylor.h) to differentiate what
    // the solver solved, by the same operators (applyScalar) as evaluate(). `trig`, when not
    // null, holds cos and sin of the unknowns' values as evaluate() reads it.
    template <class T>
    void evaluateIn(const T* inputs, const T* unknowns, T* slots,
                    const double* trig = nullptr) const;
    // The same for the slots that depend on the unknowns only, the others left in `slots` as the
    // last evaluateIn() of the same inputs wrote them: the motion's second pass, after the rates
    // of the unknowns changed and nothing else did. setInputs() must have run since the tape
    // changed.
    template <class T>
    [[gnu::flatten]] void evaluateVaryingIn(const T* inputs, const T* unknowns, T* slots,
                                            const double* trig = nullptr) const {
        for (const uint32_t i : m_varying) stepIn(i, inputs, unknowns, slots, trig);
    }

    // The slots setInputs() computes, from the values of `slots` in another arithmetic, where
    // evaluateIn() has just computed them from the same inputs: what evaluate() then reads of
    // them, without computing them twice.
    template <class T>
    void setFixedFrom(const T* slots) {
        if (!m_ordered) order();
        for (const uint32_t i : m_fixed) m_values[i] = valueOf(slots[i]);
    }

    double value(int slot) const {
        return m_values[slot];
    }
    const double* values() const {
        return m_values.data();
    }
    // What a Reference slot holds until set again; setInputs() must follow before evaluate() when
    // a Turn reads it that depends on no unknown.
    void setReference(int slot, double value) {
        m_values[slot] = value;
    }
    // Whether an output needs the slot (keepOnly): a slot that is not is never computed.
    bool live(int slot) const {
        return m_code[slot].live;
    }
    // The gradient of a slot over the local unknowns; null when the slot depends on none.
    const double* gradient(int slot) const {
        return m_code[slot].varies ? &m_gradients[m_code[slot].gradient] : nullptr;
    }
    int unknownCount() const {
        return m_unknownCount;
    }
    // Whether what the tape computes has every derivative wherever it is defined: no live
    // operator with a kink (hasKink, core/model/scalar_operator.h), which a series in time
    // (solver/motion/taylor_series.h) would not see coming.
    bool smooth() const;
    // The local unknowns whose cos and sin the tape reads from `trig` in evaluate().
    std::vector<uint32_t> trigUnknowns() const;
    int size() const {
        return static_cast<int>(m_code.size());
    }
    // One instruction as written: what it computes from which slots (Input: which input,
    // Unknown: which local unknown). A block's kernel (block_kernel.h) is built by replaying the
    // live instructions of its constraints' tapes.
    struct Step {
        Code code;
        uint32_t a, b;
    };
    Step step(int slot) const {
        const Instruction& in = m_code[size_t(slot)];
        return {in.code, in.a, in.b};
    }

    // The local unknowns each of `slots` depends on, ascending: the structure the solver splits a
    // segment by. An unknown that cancels out (the x of `E.x - P.x`, two anchors of one thing) is
    // not one: a row matched to it could not move it. One walk of the tape for all of them (a
    // vector constraint's two rows).
    std::vector<std::vector<uint32_t>> dependencies(std::span<const int> slots) const;
    // Whether a slot is affine in one local unknown (every other unknown held): such an equation is
    // solved for that unknown in one step, exactly, instead of iterated.
    bool affineIn(int slot, uint32_t unknown) const;
    // By slot: whether its gradient comes out the same in every evaluation, whatever the values:
    // it depends on the unknowns through sums, and products and quotients by numbers (`Rod.A =
    // Crank.Q` in the rod's x and y, by 1), or not at all.
    std::vector<bool> constantGradients() const;

private:
    // Which arguments of an operation carry a gradient: both the same slot (a unary operation,
    // or x*x), both, the first only, the second only. Known when it is made, so evaluate() need
    // not look at its arguments to tell.
    enum class Shape : uint8_t { Unary, Both, OnlyA, OnlyB };
    struct Instruction {
        Code code = Code::Const;
        bool varies = false;  // depends on an unknown, so it carries a gradient
        bool live = true;     // an output depends on it (see keepOnly)
        Shape shape = Shape::Unary;
        // The gradient is zero outside the local unknowns [low, high): an anchor depends on its
        // thing's three only, so most loops run over three entries, not over all of them.
        uint16_t low = 0;
        uint16_t high = 0;
        uint32_t a = 0;         // first argument slot, or the Input/Unknown index
        uint32_t b = 0;         // second argument slot
        uint32_t gradient = 0;  // where its gradient starts in m_gradients, when it varies
    };

    template <class T>
    void stepIn(size_t i, const T* inputs, const T* unknowns, T* slots, const double* trig) const;
    int push(Instruction instruction, double value);
    bool sameLeaf(int a, int b) const;
    int withoutCommonTerm(int a, int b);
    void computeFixed(size_t from);
    // `kTwoAtMost`: the tape has one or two unknowns (most blocks: a chain's, a rod's angle, a
    // crank's drive), whose gradients are written without a loop.
    template <bool kGradient, bool kTwoAtMost = false>
    void run(size_t slot, const double* trig);
    template <bool kTwoAtMost>
    void combine(const Instruction& in, double da, double db, double* g) const;
    void order();

    int m_unknownCount = 0;
    uint32_t m_fixedInputs = 0;  // the Input slots, which m_fixed lists first
    ArenaVector<Instruction> m_code;
    ArenaVector<double> m_values;  // per slot; Const slots hold their number from the start
    // m_unknownCount per slot that varies, none for the others (numbers, time and element states,
    // most of a tape): a tape is walked several times a frame, and at 10,000 bars its size decides
    // whether a segment's tapes stay in the cache (docs/performance.md, the chain).
    ArenaVector<double> m_gradients;
    // The live slots setInputs() computes and those evaluate() does, in order, listed at their
    // first use after the tape changed: a pass visits only its own slots, not every slot to skip
    // most (the kernel of a block solved after others holds many of each). The leaves each pass
    // copies in, its inputs or its unknowns, come first, so the rest is operations only.
    ArenaVector<uint32_t> m_fixed, m_varying;
    uint32_t m_varyingUnknowns = 0;  // the Unknown slots, which m_varying lists first
    bool m_ordered = false;
};

template <class T>
[[gnu::flatten]] void ExpressionTape::evaluateIn(const T* inputs, const T* unknowns, T* slots,
                                                 const double* trig) const {
    for (size_t i = 0; i < m_code.size(); ++i)
        if (m_code[i].live) stepIn(i, inputs, unknowns, slots, trig);
}

template <class T>
inline void ExpressionTape::stepIn(size_t i, const T* inputs, const T* unknowns, T* slots,
                                   const double* trig) const {
    const Instruction& in = m_code[i];
    // The operators, most of a tape, first: one test, not a jump through the table of codes.
    if (static_cast<int>(in.code) < kScalarOpCount) {
        slots[i] = applyScalar<T>(static_cast<ScalarOp>(in.code), slots[in.a], slots[in.b]);
        return;
    }
    switch (in.code) {
        case Code::Const:
            slots[i] = T(m_values[i]);
            break;
        case Code::Input:
            slots[i] = inputs[in.a];
            break;
        case Code::Unknown:
            slots[i] = unknowns[in.a];
            break;
        case Code::Reference:
            slots[i] = T(m_values[i]);
            break;
        case Code::Turn:  // b, a Reference or a kernel's input, is in `slots` already
            slots[i] = slots[in.a] + T(turnsToward(valueOf(slots[in.a]), valueOf(slots[in.b])));
            break;
        case Code::CosWithSin: {  // the SinOfCos right after is its pair, live with it
            const Instruction& angle = m_code[in.a];
            if (trig && angle.code == Code::Unknown) {
                cosAndSin(slots[in.a], trig[2 * angle.a], trig[2 * angle.a + 1], slots[i],
                          slots[i + 1]);
            } else {
                cosAndSin(slots[in.a], slots[i], slots[i + 1]);
            }
            break;
        }
        default:  // SinOfCos: written with its CosWithSin
            break;
    }
}

}  // namespace mv
