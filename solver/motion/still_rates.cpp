#include "solver/motion/still_rates.h"

#include <algorithm>
#include <cstring>

namespace mv {

// Sized once: a frame copies into them, with no allocation.
StillRates::StillRates(SegmentArena* arena, size_t sources, size_t unknowns, size_t blocks)
    : m_sources(sources, arena),
      m_values(unknowns, arena),
      m_rates(unknowns, arena),
      m_defined(blocks, arena) {}

bool StillRates::keptAt(const Taylor* sources, const double* values) const {
    // Bit for bit: the rates are a function of these bits, and a NaN is where it was.
    const auto same = [](const auto& kept, const auto* now) {
        return std::memcmp(kept.data(), now, kept.size() * sizeof(*now)) == 0;
    };
    return m_known && same(m_values, values) && same(m_sources, sources);
}

void StillRates::noteWhere(const Taylor* sources, const double* values) {
    std::copy_n(sources, m_sources.size(), m_sources.begin());
    std::copy_n(values, m_values.size(), m_values.begin());
}

}  // namespace mv
