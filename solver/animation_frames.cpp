#include "solver/api/animation_frames.h"

#include <algorithm>

namespace mv {

AnimationFrames::AnimationFrames(std::vector<FrameSolution> frames) {
    append(std::make_shared<const std::vector<FrameSolution>>(std::move(frames)));
}

void AnimationFrames::append(Chunk chunk) {
    if (!chunk || chunk->empty()) return;
    m_starts.push_back(m_size);
    m_size += chunk->size();
    m_chunks.push_back(std::move(chunk));
}

const FrameSolution& AnimationFrames::operator[](size_t index) const {
    const size_t chunk =
        size_t(std::upper_bound(m_starts.begin(), m_starts.end(), index) - m_starts.begin()) - 1;
    return (*m_chunks[chunk])[index - m_starts[chunk]];
}

AnimationFrames::const_iterator& AnimationFrames::const_iterator::operator++() {
    if (++m_offset == (*m_chunks)[m_chunk]->size()) {
        ++m_chunk;
        m_offset = 0;
    }
    return *this;
}

}  // namespace mv
