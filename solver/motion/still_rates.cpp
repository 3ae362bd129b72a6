#include "solver/motion/still_rates.h"

#include <algorithm>
#include <cstring>

#include "solver/kinematics/segment_problem.h"

namespace mv {

// Sized once: a frame copies into them, with no allocation.
StillRates::StillRates(SegmentArena* arena, size_t sources, size_t unknowns, size_t blocks)
    : m_sources(sources, arena),
      m_values(unknowns, arena),
      m_rates(unknowns, arena),
      m_defined(blocks, arena) {}

bool StillRates::standsAt(const Taylor* sources, const double* values) {
    // Bit for bit: the rates are a function of these bits, and a NaN is where it was. An empty
    // vector's data() may be null, which memcmp may not be given even for no bytes.
    const auto same = [](const auto& kept, const auto* now) {
        return kept.empty() || std::memcmp(kept.data(), now, kept.size() * sizeof(*now)) == 0;
    };
    if (m_known && same(m_values, values) && same(m_sources, sources)) return true;
    m_known = false;
    std::copy_n(sources, m_sources.size(), m_sources.begin());
    std::copy_n(values, m_values.size(), m_values.begin());
    return false;
}

// What the rows read is looked at first, the tapes only then: a long chain's bars each read the
// one before, which moves, and their tapes are not walked.
std::vector<char> blocksThatMayStand(const SegmentProblem& problem,
                                     const SegmentStructure& structure,
                                     std::span<const StructureBlock> blocks) {
    const auto readsInput = [&](int row) {
        const ExpressionTape& tape =
            problem.constraints()[size_t(problem.rows()[size_t(row)].constraint)].tape;
        for (int i = 0; i < tape.size(); ++i)
            if (tape.step(i).code == ExpressionTape::Code::Input) return true;
        return false;
    };
    std::vector<char> standing(size_t(problem.unknownCount()));  // by unknown
    std::vector<char> may;
    may.reserve(blocks.size());
    for (const StructureBlock& block : blocks) {
        const auto stands = [&](int row) {
            const std::vector<int>& reads = structure.rowColumns[size_t(row)];
            return std::all_of(reads.begin(), reads.end(),
                               [&](int u) {
                                   return standing[size_t(u)] ||
                                          std::binary_search(block.columns.begin(),
                                                             block.columns.end(), u);
                               }) &&
                   !readsInput(row);
        };
        may.push_back(std::all_of(block.rows.begin(), block.rows.end(), stands) &&
                      std::all_of(block.checks.begin(), block.checks.end(), stands));
        for (int c : block.columns) standing[size_t(c)] = may.back();
    }
    return may;
}

}  // namespace mv
