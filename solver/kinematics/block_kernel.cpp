#include "solver/kinematics/block_kernel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <tuple>

#include "solver/kinematics/segment_problem.h"

namespace mv {

using Code = ExpressionTape::Code;

// Replays the live instructions of the block's constraints into the kernel's tape, each slot of a
// constraint's tape mapped to one of the kernel's. In a block of several constraints an
// instruction met before (the same operation on the same slots) is reused, not written again; a
// block of one constraint has nothing to share that its tape does not already (most blocks: a
// chain's are all so), and is replayed without looking anything up.
class BlockKernel::Builder {
public:
    Builder(const SegmentProblem& segment, std::span<const int> columns, bool share,
            BlockKernel& kernel)
        : m_segment(segment), m_columns(columns), m_share(share), m_kernel(kernel) {}

    // Maps every live slot of constraint `index`'s tape; returns the map (slot -> kernel slot).
    const std::vector<int>& replay(int index) {
        const CompiledConstraint& c = m_segment.constraints()[size_t(index)];
        const ExpressionTape& tape = c.tape;
        m_map.assign(size_t(tape.size()), -1);
        for (int i = 0; i < tape.size(); ++i) {
            if (!tape.live(i) || m_map[size_t(i)] >= 0) continue;
            const ExpressionTape::Step s = tape.step(i);
            switch (s.code) {
                case Code::Const:
                    m_map[size_t(i)] = constant(tape.value(i));
                    break;
                case Code::Input:
                    m_map[size_t(i)] = input({Source::Kind::Input, int(s.a), 0});
                    break;
                case Code::Unknown:
                    m_map[size_t(i)] = unknown(c.unknowns[s.a]);
                    break;
                case Code::Reference:
                    m_map[size_t(i)] = input({Source::Kind::Reference, i, index});
                    break;
                case Code::CosWithSin: {  // its SinOfCos is the slot right after
                    const auto [cos, sin] = cosSin(c, tape, s.a);
                    m_map[size_t(i)] = cos;
                    m_map[size_t(i) + 1] = sin;
                    break;
                }
                default:
                    m_map[size_t(i)] = operation(s.code, m_map[s.a], m_map[s.b]);
                    break;
            }
        }
        return m_map;
    }

private:
    int constant(double value) {
        if (!m_share) return m_kernel.m_tape.constant(value);
        // By its bits, so 0 and -0 stay apart (memcpy: the WebAssembly build has no bit_cast).
        uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        const auto [it, added] = m_constants.try_emplace(bits, 0);
        if (added) it->second = m_kernel.m_tape.constant(value);
        return it->second;
    }

    // The segment's unknown `unknown`: one of the block's, or an input read from the context.
    int unknown(int unknown) {
        const auto at = std::lower_bound(m_columns.begin(), m_columns.end(), unknown);
        if (at == m_columns.end() || *at != unknown)
            return input({Source::Kind::Context, unknown, 0});
        return operation(Code::Unknown, uint32_t(at - m_columns.begin()), 0);
    }

    int input(Source source) {
        if (!m_share) return newInput(source);
        const auto key = std::make_tuple(source.kind, source.index, source.constraint);
        const auto [it, added] = m_inputs.try_emplace(key, 0);
        if (added) it->second = newInput(source);
        return it->second;
    }

    int newInput(Source source) {
        m_kernel.m_sources.push_back(source);
        return m_kernel.m_tape.input(uint32_t(m_kernel.m_sources.size() - 1));
    }

    // Of the constraint's slot `angle`: the segment's when it is an angle of an earlier block.
    std::pair<int, int> cosSin(const CompiledConstraint& c, const ExpressionTape& tape,
                               uint32_t angle) {
        const ExpressionTape::Step leaf = tape.step(int(angle));
        if (leaf.code == Code::Unknown) {
            const int unknown = c.unknowns[leaf.a];
            if (!std::binary_search(m_columns.begin(), m_columns.end(), unknown))
                return {input({Source::Kind::ContextCos, unknown, 0}),
                        input({Source::Kind::ContextSin, unknown, 0})};
        }
        return cosSin(m_map[angle]);
    }

    std::pair<int, int> cosSin(int angle) {
        if (!m_share) return m_kernel.m_tape.cosSin(angle);
        const auto [it, added] = m_cosSin.try_emplace(angle);
        if (added) it->second = m_kernel.m_tape.cosSin(angle);
        return it->second;
    }

    int operation(Code code, uint32_t a, uint32_t b) {
        if (!m_share) return emit(code, a, b);
        const auto [it, added] = m_operations.try_emplace(std::make_tuple(code, a, b), 0);
        if (added) it->second = emit(code, a, b);
        return it->second;
    }

    int emit(Code code, uint32_t a, uint32_t b) {
        ExpressionTape& tape = m_kernel.m_tape;
        return code == Code::Unknown ? tape.unknown(a) : tape.binary(code, int(a), int(b));
    }

    const SegmentProblem& m_segment;
    std::span<const int> m_columns;
    bool m_share;
    BlockKernel& m_kernel;
    std::vector<int> m_map;
    std::map<uint64_t, int> m_constants;
    std::map<std::tuple<Source::Kind, int, int>, int> m_inputs;
    std::map<int, std::pair<int, int>> m_cosSin;
    std::map<std::tuple<Code, uint32_t, uint32_t>, int> m_operations;
};

BlockKernel::BlockKernel(const SegmentProblem& segment, const std::vector<int>& rows,
                         std::span<const int> columns)
    : m_tape(int(columns.size())) {
    const auto constraintOf = [&](int row) { return segment.rows()[size_t(row)].constraint; };
    const bool oneConstraint = std::all_of(rows.begin(), rows.end(), [&](int row) {
        return constraintOf(row) == constraintOf(rows.front());
    });
    size_t slots = 0;  // at most the slots of the constraints replayed
    for (size_t k = 0; k < rows.size(); ++k)
        if (k == 0 || constraintOf(rows[k]) != constraintOf(rows[k - 1]))
            slots += size_t(segment.constraints()[size_t(constraintOf(rows[k]))].tape.size());
    m_tape.reserve(slots);
    m_outputs.reserve(rows.size());
    Builder builder(segment, columns, !oneConstraint, *this);
    std::vector<int> outputs;
    outputs.reserve(rows.size());
    const std::vector<int>* map = nullptr;
    int replayed = -1;
    for (int r : rows) {
        const ResidualRow& row = segment.rows()[size_t(r)];
        const CompiledConstraint& c = segment.constraints()[size_t(row.constraint)];
        if (row.constraint != replayed) {  // a constraint's two rows share one replay
            map = &builder.replay(row.constraint);
            replayed = row.constraint;
        }
        outputs.push_back((*map)[size_t(c.outputs[row.component])]);
        m_outputs.push_back({outputs.back(), c.hinge, c.firstResidual + row.component});
    }
    m_tape.keepOnly(outputs);
    dropUnread();
    // A constraint's other row may read what this block's rows do not (the y of `P = [100,100]`
    // beside its x): the inputs that count are those the rows need.
    for (int i = 0; i < m_tape.size(); ++i)
        if (m_tape.live(i) && m_tape.step(i).code == Code::Input) m_ownOnly = false;
    for (uint32_t column : m_tape.trigUnknowns()) m_turns.emplace_back(column, columns[column]);
    m_trig.resize(2 * columns.size());
    if (columns.size() == 1 && m_outputs.size() == 1 && !m_outputs[0].hinge && !m_turns.empty())
        if (auto row = HarmonicRow::of(m_tape, m_outputs[0].slot))
            m_harmonic = makeIn<HarmonicRow>(nullptr, std::move(*row));
}

// What the rows do not need of the constraints replayed: their slots, and the sources only those
// read (which would otherwise be fetched every sub-step). Each source kept learns its slot in the
// compacted tape, where refreshInputs() writes it.
void BlockKernel::dropUnread() {
    const ExpressionTape::Renumbering to = m_tape.compact(m_sources.size());
    for (Output& out : m_outputs) out.slot = to.slots[size_t(out.slot)];
    size_t read = 0;
    for (size_t k = 0; k < m_sources.size(); ++k)
        if (to.inputs[k] >= 0) m_sources[read++] = m_sources[k];
    m_sources.resize(read);
    for (int i = 0; i < m_tape.size(); ++i) {
        const ExpressionTape::Step s = m_tape.step(i);
        if (s.code == Code::Input) m_sources[s.a].slot = i;
    }
}

BlockKernel::BlockKernel(const BlockKernel& built, SegmentArena* arena)
    : m_tape(built.m_tape, arena),
      m_sources(built.m_sources, arena),
      m_outputs(built.m_outputs, arena),
      m_bound(built.m_bound),
      m_changes(built.m_changes),
      m_turns(built.m_turns, arena),
      m_trig(built.m_trig, arena),
      m_ownOnly(built.m_ownOnly),
      m_harmonic(built.m_harmonic ? makeIn<HarmonicRow>(arena, *built.m_harmonic, arena)
                                  : ArenaPtr<HarmonicRow>()) {}

KernelPtr makeKernel(const SegmentProblem& segment, const std::vector<int>& rows,
                     std::span<const int> columns, SegmentArena* arena) {
    const BlockKernel built(segment, rows, columns);
    return makeIn<BlockKernel>(arena, built, arena);
}

// Inlined into its two loops: called once per source a sub-step, it cost the chain 3 % of a frame
// as a call (bench/chain_bench).
[[gnu::always_inline]] inline double BlockKernel::sourceValue(SegmentProblem& segment,
                                                              const double* context,
                                                              const Source& source) {
    const std::vector<double>& inputs = segment.inputs();
    switch (source.kind) {
        case Source::Kind::Input:  // 0 until the segment's inputs are first set, as on a tape
            return size_t(source.index) < inputs.size() ? inputs[size_t(source.index)] : 0.0;
        case Source::Kind::Context:
            return context[source.index];
        case Source::Kind::ContextCos:
            return segment.cosSin(source.index, context[source.index]).first;
        case Source::Kind::ContextSin:
            return segment.cosSin(source.index, context[source.index]).second;
        case Source::Kind::Reference:
            return referenceValue(segment, source);
    }
    return 0;
}

// Whether the tape holds the inputs the segment has now. Asked before each refresh rather than
// within it: the inputs change once a sub-step, and the call cost more than most refreshes.
inline bool BlockKernel::inputsCurrent(const SegmentProblem& segment) const {
    return m_bound && m_changes == segment.changes();
}

void BlockKernel::refreshInputs(SegmentProblem& segment, const double* context) {
    for (const Source& s : m_sources) m_tape.setInput(s.slot, sourceValue(segment, context, s));
    m_tape.setInputs();
    m_bound = true;
    m_changes = segment.changes();
}

bool BlockKernel::readsAsBefore(SegmentProblem& segment, const double* context) const {
    for (const Source& s : m_sources) {
        const double now = sourceValue(segment, context, s), then = m_tape.value(s.slot);
        if (std::memcmp(&now, &then, sizeof now) != 0) return false;
    }
    return true;
}

std::optional<HarmonicRow::Root> BlockKernel::meetInClosedForm(SegmentProblem& segment,
                                                               const double* context, double* x) {
    if (!m_harmonic) return std::nullopt;
    const auto root = m_harmonic->solve(fixedValues(segment, context), x[0]);
    if (root) x[0] = root->angle;
    return root;
}

std::optional<BlockKernel::Assignment> BlockKernel::assignment(size_t row) const {
    const Output& out = m_outputs[row];
    if (out.hinge) return std::nullopt;
    const ExpressionTape::Step difference = m_tape.step(out.slot);
    if (difference.code != Code::Sub) return std::nullopt;
    const auto isUnknown = [&](uint32_t slot) {
        return m_tape.step(int(slot)).code == Code::Unknown;
    };
    const auto isFixed = [&](uint32_t slot) { return m_tape.gradient(int(slot)) == nullptr; };
    const auto column = [&](uint32_t slot) { return int(m_tape.step(int(slot)).a); };
    if (isUnknown(difference.a) && isFixed(difference.b))
        return Assignment{column(difference.a), int(difference.b)};
    if (isFixed(difference.a) && isUnknown(difference.b))
        return Assignment{column(difference.b), int(difference.a)};
    return std::nullopt;
}

const double* BlockKernel::fixedValues(SegmentProblem& segment, const double* context) {
    if (!inputsCurrent(segment)) refreshInputs(segment, context);
    return m_tape.values();
}

bool BlockKernel::rowsHaveConstantGradients(size_t first, size_t count) const {
    const std::vector<bool> constant = m_tape.constantGradients();
    for (size_t r = first; r < first + count; ++r)
        if (!constant[size_t(m_outputs[r].slot)]) return false;
    return true;
}

double BlockKernel::referenceValue(const SegmentProblem& segment, const Source& source) {
    return segment.constraints()[size_t(source.constraint)].tape.value(source.index);
}

std::pair<double, double> BlockKernel::cosSinOf(SegmentProblem& segment, int unknown,
                                                double angle) {
    return segment.cosSin(unknown, angle);
}

// The cos and sin of the block's angles at `x`, as the tape reads them.
const double* BlockKernel::turnsAt(SegmentProblem& segment, const double* x) {
    for (const auto& [column, unknown] : m_turns) {
        const auto [cos, sin] = segment.cosSin(unknown, x[column]);
        m_trig[2 * column] = cos;
        m_trig[2 * column + 1] = sin;
    }
    return m_trig.data();
}

bool BlockKernel::evaluate(SegmentProblem& segment, const double* context, const double* x,
                           double* residuals, double* jacobian) {
    // Most blocks turn no angle of their own: tested here rather than in a call.
    if (!inputsCurrent(segment)) refreshInputs(segment, context);
    m_tape.evaluate(x, m_turns.empty() ? nullptr : turnsAt(segment, x), jacobian != nullptr);
    const size_t m = m_outputs.size();
    const size_t n = size_t(m_tape.unknownCount());
    bool finite = true;
    for (size_t r = 0; r < m; ++r) {
        const Output& out = m_outputs[r];
        double value = m_tape.value(out.slot);
        const bool inactive = out.hinge && !(value > 0);
        if (inactive) value = 0;
        if (!out.hinge) value = segment.homotopyResidual(out.segmentRow, value);
        residuals[r] = value;
        finite = finite && std::isfinite(value);
        if (!jacobian) continue;
        const double* g = inactive ? nullptr : m_tape.gradient(out.slot);
        if (g) {
            for (size_t j = 0; j < n; ++j) jacobian[j * m + r] = g[j];
        } else {
            for (size_t j = 0; j < n; ++j) jacobian[j * m + r] = 0.0;
        }
    }
    return finite;
}

}  // namespace mv
