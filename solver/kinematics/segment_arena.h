#pragma once
// Memory for what a segment's blocks read every frame: their kernels, the Newton corrector's
// arrays, the rates' blocks. A segment's solver and its rates each keep one, and what it holds
// lies side by side in the order it was made, which is the order the blocks are solved: a frame
// then walks memory in order, where the heap had scattered those objects among everything freed
// while the segment was built. At 10,000 bars that walk decides the frame's cost
// (docs/performance.md, "Where a long chain's time goes").
//
// Nothing is given back before the arena goes (or release() empties it). std::pmr's
// monotonic_buffer_resource does the same, but the WebAssembly build's libc++ (emscripten 3.1.6)
// has no <memory_resource>.
//
// Containers and objects made with no arena (a null one) live on the heap: a block made for a
// few evaluations (the freedom report's) or in a test needs none.

#include <cstddef>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace mv {

class SegmentArena {
public:
    SegmentArena() = default;
    SegmentArena(const SegmentArena&) = delete;
    SegmentArena& operator=(const SegmentArena&) = delete;

    // `bytes` aligned to `alignment` (a power of two), after what was given out before.
    void* allocate(size_t bytes, size_t alignment);
    // Forgets everything given out: what lived there must be gone.
    void release();

private:
    std::vector<std::unique_ptr<std::byte[]>> m_chunks;
    std::byte* m_next = nullptr;
    size_t m_left = 0;
    size_t m_chunkSize = 4096;  // of the next chunk: doubling up to a megabyte
};

// A standard allocator over an arena (or the heap, with none).
template <class T>
class ArenaAllocator {
public:
    using value_type = T;

    ArenaAllocator() noexcept = default;
    ArenaAllocator(SegmentArena* arena) noexcept : m_arena(arena) {}  // NOLINT: as a resource
    template <class U>
    ArenaAllocator(const ArenaAllocator<U>& other) noexcept : m_arena(other.arena()) {}

    T* allocate(size_t n) {
        if (!m_arena) return std::allocator<T>().allocate(n);
        return static_cast<T*>(m_arena->allocate(n * sizeof(T), alignof(T)));
    }
    void deallocate(T* p, size_t n) noexcept {
        if (!m_arena) std::allocator<T>().deallocate(p, n);
    }
    // A copy of a container is made on the heap, as with std::pmr: an arena is chosen on purpose
    // (an allocator-extended constructor), never inherited by a copy.
    ArenaAllocator select_on_container_copy_construction() const { return {}; }
    SegmentArena* arena() const noexcept { return m_arena; }

private:
    SegmentArena* m_arena = nullptr;
};

template <class T, class U>
bool operator==(const ArenaAllocator<T>& a, const ArenaAllocator<U>& b) noexcept {
    return a.arena() == b.arena();
}

template <class T>
using ArenaVector = std::vector<T, ArenaAllocator<T>>;

// An object made in an arena (or on the heap, with none), destroyed where it was made.
template <class T>
struct ArenaDelete {
    bool onHeap = true;
    void operator()(T* object) const {
        if (onHeap) {
            delete object;
        } else {
            object->~T();
        }
    }
};

template <class T>
using ArenaPtr = std::unique_ptr<T, ArenaDelete<T>>;

template <class T, class... Args>
ArenaPtr<T> makeIn(SegmentArena* arena, Args&&... args) {
    if (!arena) return ArenaPtr<T>(new T(std::forward<Args>(args)...), ArenaDelete<T>{true});
    void* place = arena->allocate(sizeof(T), alignof(T));
    return ArenaPtr<T>(new (place) T(std::forward<Args>(args)...), ArenaDelete<T>{false});
}

}  // namespace mv
