#include "solver/kinematics/expression_tape.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/model/elementary_functions.h"

namespace mv {

namespace {

using Code = ExpressionTape::Code;

bool isLeaf(Code code) {
    return code == Code::Const || code == Code::Input || code == Code::Unknown ||
           code == Code::Reference;
}

// The value of one operation and its partial derivatives by its arguments, from the operator
// table that core/model/evaluate.h reads too. Leaves and the sincos pair are computed by the
// caller.
inline double apply(Code code, double a, double b, double& da, double& db) {
    if (static_cast<int>(code) >= kScalarOpCount) {
        da = 0;
        db = 0;
        return 0;
    }
    Partials<double> d;
    const double r = applyScalar(static_cast<ScalarOp>(code), a, b, &d);
    da = d.a;
    db = d.b;
    return r;
}

// How a slot moves with one unknown, for dependencies(): by a known number (`linear`; 1 for the
// unknown itself, 0 where it does not depend on it at all) or in some other way.
struct Slope {
    bool linear = true;
    double by = 0;
    bool none() const { return linear && by == 0; }
};

// The slope of `code` applied to arguments of slopes `a` and `b`; `numberA` and `numberB` point
// to an argument's value when it is a number written in the script.
Slope slopeOf(Code code, Slope a, Slope b, const double* numberA, const double* numberB) {
    const Slope other{a.none() && b.none(), 0};  // depends wherever an argument does
    switch (code) {
        case Code::Neg:
            return {a.linear, -a.by};
        case Code::Add:
            return a.linear && b.linear ? Slope{true, a.by + b.by} : other;
        case Code::Sub:
            return a.linear && b.linear ? Slope{true, a.by - b.by} : other;
        case Code::Mul:
            if (numberB) return {a.linear, a.by * *numberB};
            if (numberA) return {b.linear, b.by * *numberA};
            return other;
        case Code::Div:
            if (numberB && *numberB != 0) return {a.linear, a.by / *numberB};
            return other;
        default:
            return other;
    }
}

}  // namespace

int ExpressionTape::push(Instruction instruction, double value) {
    if (instruction.varies) {
        instruction.gradient = static_cast<uint32_t>(m_gradients.size());
        m_gradients.resize(m_gradients.size() + size_t(m_unknownCount), 0.0);
    }
    m_code.push_back(instruction);
    m_values.push_back(value);
    m_ordered = false;
    return static_cast<int>(m_code.size()) - 1;
}

int ExpressionTape::constant(double value) {
    return push({.code = Code::Const}, value);
}

int ExpressionTape::input(uint32_t index) {
    return push({.code = Code::Input, .a = index}, 0);
}

int ExpressionTape::reference() {
    return push({.code = Code::Reference}, std::numeric_limits<double>::quiet_NaN());
}

int ExpressionTape::unknown(uint32_t index) {
    // The gradient of an unknown is a constant unit vector: set here, never touched again.
    const auto low = static_cast<uint16_t>(index);
    const Instruction in{.code = Code::Unknown,
                         .varies = true,
                         .low = low,
                         .high = static_cast<uint16_t>(low + 1),
                         .a = index};
    const int slot = push(in, 0);
    m_gradients[m_code[size_t(slot)].gradient + index] = 1;
    return slot;
}

int ExpressionTape::unary(Code code, int a) {
    return binary(code, a, a);
}

std::pair<int, int> ExpressionTape::cosSin(int angle) {
    if (m_code[angle].code == Code::Const)
        return {unary(Code::Cos, angle), unary(Code::Sin, angle)};
    const int c = unary(Code::CosWithSin, angle);
    return {c, unary(Code::SinOfCos, angle)};
}

int ExpressionTape::binary(Code code, int a, int b) {
    const Instruction& ia = m_code[a];
    const Instruction& ib = m_code[b];
    if (ia.code == Code::Const && ib.code == Code::Const) {
        double da, db;
        return constant(apply(code, m_values[a], m_values[b], da, db));
    }
    auto is = [&](int slot, double value) {
        return m_code[slot].code == Code::Const && m_values[slot] == value;
    };
    if (a != b) {
        if (code == Code::Mul && (is(a, 0) || is(b, 0))) return constant(0);
        if (code == Code::Mul && is(a, 1)) return b;
        if ((code == Code::Mul || code == Code::Div) && is(b, 1)) return a;
        if (code == Code::Add && is(a, 0)) return b;
        if ((code == Code::Add || code == Code::Sub) && is(b, 0)) return a;
    }
    if (code == Code::Sub) {
        if (const int difference = withoutCommonTerm(a, b); difference >= 0) return difference;
    }
    Instruction in{
        .code = code, .varies = ia.varies || ib.varies, .a = uint32_t(a), .b = uint32_t(b)};
    if (a != b) in.shape = !ib.varies ? Shape::OnlyA : !ia.varies ? Shape::OnlyB : Shape::Both;
    if (ia.varies && ib.varies) {
        in.low = std::min(ia.low, ib.low);
        in.high = std::max(ia.high, ib.high);
    } else if (in.varies) {
        in.low = ia.varies ? ia.low : ib.low;
        in.high = ia.varies ? ia.high : ib.high;
    }
    return push(in, 0);
}

// Whether slots a and b hold the same value however the unknowns and inputs move: one slot, or
// the same unknown or input read twice (a thing's x, read by each of its anchors).
bool ExpressionTape::sameLeaf(int a, int b) const {
    if (a == b) return true;
    const Instruction& ia = m_code[size_t(a)];
    const Instruction& ib = m_code[size_t(b)];
    const bool leaf = ia.code == Code::Unknown || ia.code == Code::Input;
    return leaf && ia.code == ib.code && ia.a == ib.a;
}

// a - b without the term they share: (p + u) - (p + v) as u - v, (p + u) - p as u, p - (p + v) as
// -v; -1 where they share none. Two anchors of a thing are its position plus each one's turned
// offset, so `Slider.Q - Slider.P` reads the slider's angle alone: a row of it does not change
// as the thing moves (its block stays settled), and the position's rounding does not enter it.
int ExpressionTape::withoutCommonTerm(int a, int b) {
    const auto sum = [&](int s) { return m_code[size_t(s)].code == Code::Add; };
    const auto term = [&](int s, int k) {
        return int(k == 0 ? m_code[size_t(s)].a : m_code[size_t(s)].b);
    };
    if (sum(a) && sum(b)) {
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j)
                if (sameLeaf(term(a, i), term(b, j)))
                    return binary(Code::Sub, term(a, 1 - i), term(b, 1 - j));
    }
    if (sum(a)) {
        for (int i = 0; i < 2; ++i)
            if (sameLeaf(term(a, i), b)) return term(a, 1 - i);
    }
    if (sum(b)) {
        for (int j = 0; j < 2; ++j)
            if (sameLeaf(a, term(b, j))) return unary(Code::Neg, term(b, 1 - j));
    }
    return -1;
}

std::vector<uint32_t> ExpressionTape::trigUnknowns() const {
    std::vector<uint32_t> angles;
    for (const Instruction& in : m_code)
        if (in.live && in.code == Code::CosWithSin && m_code[in.a].code == Code::Unknown)
            angles.push_back(m_code[in.a].a);
    return angles;
}

bool ExpressionTape::smooth() const {
    return std::none_of(m_code.begin(), m_code.end(), [](const Instruction& in) {
        return in.live && static_cast<int>(in.code) < kScalarOpCount &&
               hasKink(static_cast<ScalarOp>(in.code));
    });
}

std::vector<std::vector<uint32_t>> ExpressionTape::dependencies(std::span<const int> slots) const {
    // Forward over the slots, one slope per local unknown: sums and products by numbers keep the
    // slopes exact, so `x - x` (a thing's x in `E.x - P.x` of two of its anchors) comes out as
    // none. The structure is built from what a row can move, not from the names it reads.
    if (slots.empty()) return {};
    const size_t n = size_t(m_unknownCount);
    const int slot = *std::max_element(slots.begin(), slots.end());
    std::vector<Slope> slopes((size_t(slot) + 1) * n);
    auto of = [&](size_t s) { return &slopes[s * n]; };
    auto number = [&](uint32_t s) {
        return m_code[s].code == Code::Const ? &m_values[s] : nullptr;
    };
    for (size_t i = 0; i <= size_t(slot); ++i) {
        const Instruction& in = m_code[i];
        if (!in.varies) continue;
        if (in.code == Code::Unknown) {
            of(i)[in.a] = {true, 1};
            continue;
        }
        const Slope* a = of(in.a);
        const Slope* b = of(in.b);
        for (size_t j = in.low; j < in.high; ++j)
            of(i)[j] = slopeOf(in.code, a[j], b[j], number(in.a), number(in.b));
    }
    std::vector<std::vector<uint32_t>> unknowns(slots.size());
    for (size_t k = 0; k < slots.size(); ++k)
        for (uint32_t j = 0; j < uint32_t(n); ++j)
            if (!of(size_t(slots[k]))[j].none()) unknowns[k].push_back(j);
    return unknowns;
}

bool ExpressionTape::affineIn(int slot, uint32_t unknown) const {
    // Degree of each slot in the unknown: 0 (does not depend on it), 1 (affine), 2 (anything else).
    std::vector<uint8_t> degree(size_t(slot) + 1, 0);
    for (size_t i = 0; i <= size_t(slot); ++i) {
        const Instruction& in = m_code[i];
        if (!in.varies) continue;
        if (in.code == Code::Unknown) {
            degree[i] = in.a == unknown ? 1 : 0;
            continue;
        }
        const uint8_t a = degree[in.a];
        const uint8_t b = in.code == Code::SinOfCos ? degree[i - 1] : degree[in.b];
        switch (in.code) {
            case Code::Neg:
                degree[i] = a;
                break;
            case Code::Add:
            case Code::Sub:
                degree[i] = std::max(a, b);
                break;
            case Code::Mul:
                degree[i] = uint8_t(std::min(2, a + b));
                break;
            case Code::Div:
                degree[i] = b == 0 ? a : 2;
                break;
            default:
                degree[i] = (a || b) ? 2 : 0;
                break;
        }
    }
    return degree[size_t(slot)] <= 1;
}

std::vector<bool> ExpressionTape::constantGradients() const {
    std::vector<bool> constant(m_code.size(), true);
    for (size_t i = 0; i < m_code.size(); ++i) {
        const Instruction& in = m_code[i];
        if (!in.varies || in.code == Code::Unknown) continue;
        const Instruction& a = m_code[in.a];
        const Instruction& b = m_code[in.b];
        bool byNumbers = false;
        switch (in.code) {
            case Code::Neg:
            case Code::Add:
            case Code::Sub:
            case Code::Turn:  // moved by whole turns: its slope is its angle's
                byNumbers = true;
                break;
            case Code::Mul:  // one argument varies, by a number
                byNumbers = (a.varies ? b : a).code == Code::Const;
                break;
            case Code::Div:
                byNumbers = b.code == Code::Const;
                break;
            default:
                break;
        }
        constant[i] = byNumbers && (!a.varies || constant[in.a]) && (!b.varies || constant[in.b]);
    }
    return constant;
}

void ExpressionTape::keepOnly(const std::vector<int>& outputs) {
    m_ordered = false;
    for (Instruction& in : m_code) in.live = false;
    for (int slot : outputs)
        if (slot >= 0) m_code[size_t(slot)].live = true;
    // Arguments come before their uses, so one backward pass finds everything needed.
    for (size_t i = m_code.size(); i-- > 0;) {
        Instruction& in = m_code[i];
        if (!in.live) continue;
        if (in.code == Code::SinOfCos) m_code[i - 1].live = true;  // it reads its pair's sincos
        if (isLeaf(in.code)) continue;
        m_code[in.a].live = true;
        m_code[in.b].live = true;
    }
    // A live cosine may have been marked after its sine was visited; the pair is computed together.
    for (size_t i = 0; i + 1 < m_code.size(); ++i)
        if (m_code[i].code == Code::CosWithSin && m_code[i].live &&
            m_code[i + 1].code == Code::SinOfCos)
            m_code[i + 1].live = true;
}

ExpressionTape::Renumbering ExpressionTape::compact(size_t inputCount) {
    Renumbering to{std::vector<int>(m_code.size(), -1), std::vector<int>(inputCount, -1)};
    for (const Instruction& in : m_code)
        if (in.live && in.code == Code::Input) to.inputs[in.a] = 0;  // read: numbered below
    int inputs = 0;
    for (int& input : to.inputs)
        if (input == 0) input = inputs++;
    // In place: a slot and its gradient only ever move down, onto what was dropped before them.
    size_t kept = 0, gradients = 0;
    for (size_t i = 0; i < m_code.size(); ++i) {
        Instruction in = m_code[i];
        if (!in.live) continue;
        if (in.code == Code::Input) {
            in.a = uint32_t(to.inputs[in.a]);
        } else if (!isLeaf(in.code)) {  // arguments come before their uses, so are numbered
            in.a = uint32_t(to.slots[in.a]);
            in.b = uint32_t(to.slots[in.b]);
        }
        if (in.varies) {
            std::copy_n(&m_gradients[in.gradient], m_unknownCount, &m_gradients[gradients]);
            in.gradient = uint32_t(gradients);
            gradients += size_t(m_unknownCount);
        }
        m_code[kept] = in;
        m_values[kept] = m_values[i];
        to.slots[i] = int(kept++);
    }
    m_code.resize(kept);
    m_values.resize(kept);
    m_gradients.resize(gradients);
    m_ordered = false;
    return to;
}

void ExpressionTape::order() {
    // Sized once: a segment orders tens of thousands of tapes (its constraints', its blocks'
    // kernels, its rates' kernels), and a list grown by doubling is an allocation per doubling.
    size_t varying = 0, fixed = 0, inputs = 0, unknowns = 0;
    for (const Instruction& in : m_code) {
        if (!in.live || in.code == Code::Const || in.code == Code::Reference) continue;
        ++(in.varies ? varying : fixed);
        inputs += in.code == Code::Input;
        unknowns += in.code == Code::Unknown;
    }
    m_fixed.resize(fixed);
    m_varying.resize(varying);
    m_fixedInputs = uint32_t(inputs);
    m_varyingUnknowns = uint32_t(unknowns);
    size_t input = 0, unknown = 0, fixedOther = inputs, varyingOther = unknowns;
    for (uint32_t i = 0; i < uint32_t(m_code.size()); ++i) {
        const Instruction& in = m_code[i];
        if (!in.live || in.code == Code::Const || in.code == Code::Reference) continue;
        if (in.varies) {
            m_varying[in.code == Code::Unknown ? unknown++ : varyingOther++] = i;
        } else {
            m_fixed[in.code == Code::Input ? input++ : fixedOther++] = i;
        }
    }
    m_ordered = true;
}

void ExpressionTape::setInputs(const double* inputs) {
    if (!m_ordered) order();
    for (size_t k = 0; k < m_fixedInputs; ++k) {
        const uint32_t i = m_fixed[k];
        m_values[i] = inputs[m_code[i].a];
    }
    computeFixed(m_fixedInputs);
}

void ExpressionTape::setInputs() {
    if (!m_ordered) order();
    computeFixed(m_fixedInputs);
}

// The slots that depend on the inputs only, from m_fixed's `from`-th on.
[[gnu::flatten]] void ExpressionTape::computeFixed(size_t from) {
    for (size_t k = from; k < m_fixed.size(); ++k) run<false>(m_fixed[k], nullptr);
}

// Flattened: the operator table's applyScalar inlined into the loop, not called per instruction
// (a fifth less time per frame, bench/crank_slider_bench).
[[gnu::flatten]] void ExpressionTape::evaluate(const double* unknowns, const double* trig,
                                               bool withGradient) {
    if (!m_ordered) order();
    for (size_t k = 0; k < m_varyingUnknowns; ++k) {
        const uint32_t i = m_varying[k];
        m_values[i] = unknowns[m_code[i].a];
    }
    if (withGradient && m_unknownCount <= 2) {
        for (size_t k = m_varyingUnknowns; k < m_varying.size(); ++k)
            run<true, true>(m_varying[k], trig);
    } else if (withGradient) {
        for (size_t k = m_varyingUnknowns; k < m_varying.size(); ++k) run<true>(m_varying[k], trig);
    } else {
        for (size_t k = m_varyingUnknowns; k < m_varying.size(); ++k)
            run<false>(m_varying[k], trig);
    }
}

// One operation (not a leaf), and with `kGradient` its gradient: evaluate() asks for one of the
// slots that depend on the unknowns, which all have one, so neither is tested per slot. The
// operators, most of a tape, are told apart first.
template <bool kGradient, bool kTwoAtMost>
void ExpressionTape::run(size_t i, const double* trig) {
    const Instruction& in = m_code[i];
    double da, db;
    if (static_cast<int>(in.code) < kScalarOpCount) {
        if constexpr (!kGradient) {
            m_values[i] =
                applyScalar(static_cast<ScalarOp>(in.code), m_values[in.a], m_values[in.b]);
            return;
        }
        m_values[i] = apply(in.code, m_values[in.a], m_values[in.b], da, db);
    } else if (in.code == Code::CosWithSin) {
        // One sincos for both: the paired SinOfCos slot right after reads its value from here.
        const Instruction& angle = m_code[in.a];
        const bool known = trig && angle.code == Code::Unknown;
        const elementary::SinCos both =
            known ? elementary::SinCos{trig[2 * angle.a + 1], trig[2 * angle.a]}
                  : elementary::sinCos(m_values[in.a]);
        const double c = both.cos, sine = both.sin;
        m_values[i] = c;
        m_values[i + 1] = sine;
        da = -sine;
        db = 0;
    } else if (in.code == Code::SinOfCos) {
        da = m_values[i - 1];
        db = 0;
    } else if (in.code == Code::Turn) {
        const double angle = m_values[in.a];
        m_values[i] = angle + turnsToward(angle, m_values[in.b]);
        da = 1;
        db = 0;
    } else {
        return;  // a leaf: its value is set, never computed
    }
    if constexpr (!kGradient) return;
    combine<kTwoAtMost>(in, da, db, &m_gradients[in.gradient]);
}

// The gradient `g` of `in` from its arguments' and its partials, over the unknowns [low, high) it
// can depend on: written out where the tape has one or two unknowns ([0, 1), [1, 2) or [0, 2)),
// looped over otherwise. Which arguments vary was noted when the instruction was made.
template <bool kTwoAtMost>
void ExpressionTape::combine(const Instruction& in, double da, double db, double* g) const {
    const double* ga = &m_gradients[m_code[in.a].gradient];  // read only where it varies
    const double* gb = &m_gradients[m_code[in.b].gradient];
    const auto over = [&](auto entry) {
        if constexpr (kTwoAtMost) {
            if (in.low == 0) g[0] = entry(0);
            if (in.high == 2) g[1] = entry(1);
        } else {
            for (size_t j = in.low; j < in.high; ++j) g[j] = entry(j);
        }
    };
    switch (in.shape) {
        case Shape::Unary:  // db is 0, or the same slot twice, as in x*x
            return over([&](size_t j) { return (da + db) * ga[j]; });
        case Shape::Both:
            return over([&](size_t j) { return da * ga[j] + db * gb[j]; });
        case Shape::OnlyA:
            return over([&](size_t j) { return da * ga[j]; });
        case Shape::OnlyB:
            return over([&](size_t j) { return db * gb[j]; });
    }
}

}  // namespace mv
