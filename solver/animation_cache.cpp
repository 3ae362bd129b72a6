#include "solver/api/animation_cache.h"

namespace mv {

std::shared_ptr<const CachedSegment> AnimationCache::find(size_t index, uint64_t key) {
    std::lock_guard lock(m_mutex);
    if (index >= m_segments.size() || !m_segments[index] || m_segments[index]->key != key)
        return nullptr;
    ++m_hits;
    return m_segments[index];
}

void AnimationCache::store(size_t index, std::shared_ptr<const CachedSegment> segment) {
    std::lock_guard lock(m_mutex);
    m_segments.resize(index + 1);
    m_segments[index] = std::move(segment);
}

void AnimationCache::clear() {
    std::lock_guard lock(m_mutex);
    m_segments.clear();
}

int AnimationCache::hits() const {
    std::lock_guard lock(m_mutex);
    return m_hits;
}

}  // namespace mv
