#pragma once
// Reuses the solved leading segments of an earlier run after an edit
// (docs/design.md#from-text-to-frames). Each segment is stored under a key that hashes everything
// its frames depend on (its constraints and their source ranges, its frames' times, the element
// states it reads, the things, the options) chained with the key of the segment before it, because
// a segment starts from the previous frame's solution. So an edit near the end of a long script
// changes only the keys from the edited segment on, and the segments before it are taken from here
// instead of being solved again. One cache may be shared by successive runs on a worker thread; its
// methods lock.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "solver/api/animation_frames.h"

namespace mv {

struct CachedSegment {
    uint64_t key = 0;
    AnimationFrames::Chunk frames;        // the same chunk the animation that solved it holds
    std::vector<Diagnostic> diagnostics;  // its free degrees of freedom
    // For each constraint that failed in it, its support: the constraints it depends on.
    std::map<ConstraintId, std::vector<ConstraintId>> support;
};

class AnimationCache {
public:
    // The stored segment `index` when its key is `key`, else null.
    std::shared_ptr<const CachedSegment> find(size_t index, uint64_t key);
    // Stores segment `index` and forgets every later one (they followed a different start).
    void store(size_t index, std::shared_ptr<const CachedSegment> segment);
    void clear();

    // Segments found since the cache was made (for tests and the status bar).
    int hits() const;

private:
    mutable std::mutex m_mutex;
    std::vector<std::shared_ptr<const CachedSegment>> m_segments;
    int m_hits = 0;
};

}  // namespace mv
