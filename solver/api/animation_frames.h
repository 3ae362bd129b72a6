#pragma once
// The frames of an animation in order, held as immutable chunks, one per segment. The animation
// cache keeps the same chunks: a segment solved once is one piece of memory in the cache, in the
// animation that solved it and in every later animation that reuses it after an edit, not a copy
// per holder (the editor of a 15,000-frame script held every frame twice before). Reads like a
// vector of FrameSolution: size, operator[], iteration; a frame's address is stable.

#include <cstddef>
#include <iterator>
#include <memory>
#include <vector>

#include "solver/api/frame_solution.h"

namespace mv {

class AnimationFrames {
public:
    using Chunk = std::shared_ptr<const std::vector<FrameSolution>>;

    AnimationFrames() = default;
    // One chunk of `frames` (tests, benches and the preview's streamed frames build them so).
    explicit AnimationFrames(std::vector<FrameSolution> frames);

    // Adds `chunk`'s frames after the others, sharing them. An empty chunk adds nothing.
    void append(Chunk chunk);

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    // O(log chunks): frames are found by the chunk that starts at or before `index`.
    const FrameSolution& operator[](size_t index) const;
    const FrameSolution& front() const { return m_chunks.front()->front(); }
    const FrameSolution& back() const { return m_chunks.back()->back(); }
    const std::vector<Chunk>& chunks() const { return m_chunks; }

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = FrameSolution;
        using difference_type = std::ptrdiff_t;
        using pointer = const FrameSolution*;
        using reference = const FrameSolution&;

        const_iterator() = default;
        reference operator*() const { return (*(*m_chunks)[m_chunk])[m_offset]; }
        pointer operator->() const { return &**this; }
        const_iterator& operator++();
        const_iterator operator++(int) {
            const_iterator before = *this;
            ++*this;
            return before;
        }
        bool operator==(const const_iterator& other) const {
            return m_chunk == other.m_chunk && m_offset == other.m_offset;
        }

    private:
        friend class AnimationFrames;
        const_iterator(const std::vector<Chunk>* chunks, size_t chunk)
            : m_chunks(chunks), m_chunk(chunk) {}
        const std::vector<Chunk>* m_chunks = nullptr;
        size_t m_chunk = 0;
        size_t m_offset = 0;
    };
    const_iterator begin() const { return {&m_chunks, 0}; }
    const_iterator end() const { return {&m_chunks, m_chunks.size()}; }

private:
    std::vector<Chunk> m_chunks;   // none empty
    std::vector<size_t> m_starts;  // the index of each chunk's first frame
    size_t m_size = 0;
};

}  // namespace mv
