#include "solver/kinematics/segment_arena.h"

#include <algorithm>
#include <cstdint>

namespace mv {

namespace {

// Past this a chunk stops doubling: what the last one leaves unused stays small.
constexpr size_t kLargestChunk = size_t(1) << 20;

}  // namespace

void* SegmentArena::allocate(size_t bytes, size_t alignment) {
    const auto misalignment = [&] {
        const auto address = reinterpret_cast<std::uintptr_t>(m_next);
        return (alignment - address % alignment) % alignment;
    };
    if (!m_next || misalignment() + bytes > m_left) {
        const size_t size = std::max(m_chunkSize, bytes + alignment);
        m_chunks.emplace_back(new std::byte[size]);  // left as it is: what is given out is written
        m_next = m_chunks.back().get();
        m_left = size;
        m_chunkSize = std::min(2 * m_chunkSize, kLargestChunk);
    }
    const size_t skip = misalignment();
    void* given = m_next + skip;
    m_next += skip + bytes;
    m_left -= skip + bytes;
    return given;
}

void SegmentArena::release() {
    m_chunks.clear();
    m_next = nullptr;
    m_left = 0;
    m_chunkSize = 4096;
}

}  // namespace mv
