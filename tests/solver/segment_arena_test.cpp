// SegmentArena: what it gives out lies in order and aligned, containers made in it stay there
// (and their copies go to the heap), and objects made without one live on the heap.

#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>

#include "solver/kinematics/segment_arena.h"

using namespace mv;

namespace {

bool aligned(const void* p, size_t alignment) {
    return reinterpret_cast<std::uintptr_t>(p) % alignment == 0;
}

struct Counted {
    explicit Counted(int& alive) : alive(alive) { ++alive; }
    ~Counted() { --alive; }
    int& alive;
};

}  // namespace

TEST_CASE("an arena gives out memory in order, each piece aligned", "[solver][arena]") {
    SegmentArena arena;
    auto* a = static_cast<std::byte*>(arena.allocate(3, 1));
    auto* b = static_cast<std::byte*>(arena.allocate(8, 8));
    auto* c = static_cast<std::byte*>(arena.allocate(16, 16));
    CHECK(aligned(b, 8));
    CHECK(aligned(c, 16));
    CHECK(b >= a + 3);
    CHECK(b < a + 3 + 8);  // the gap is the alignment's, no more
    CHECK(c >= b + 8);
    CHECK(c < b + 8 + 16);
    // Larger than a chunk: a chunk of its own, still aligned.
    auto* large = static_cast<std::byte*>(arena.allocate(100000, 16));
    CHECK(aligned(large, 16));
    large[99999] = std::byte{1};
}

TEST_CASE("a vector in an arena keeps its values there, and a copy of it is on the heap",
          "[solver][arena]") {
    SegmentArena arena;
    ArenaVector<int> kept(&arena);
    kept.resize(100);
    std::iota(kept.begin(), kept.end(), 0);
    CHECK(kept.get_allocator().arena() == &arena);
    CHECK(kept[99] == 99);
    const ArenaVector<int> copy = kept;
    CHECK(copy.get_allocator().arena() == nullptr);
    CHECK(copy == kept);
    const ArenaVector<int> placed(copy, &arena);  // chosen on purpose
    CHECK(placed.get_allocator().arena() == &arena);
    CHECK(placed == kept);
}

TEST_CASE("an object made in an arena or on the heap is destroyed when dropped",
          "[solver][arena]") {
    int alive = 0;
    SegmentArena arena;
    {
        const ArenaPtr<Counted> inArena = makeIn<Counted>(&arena, alive);
        const ArenaPtr<Counted> onHeap = makeIn<Counted>(nullptr, alive);
        CHECK(alive == 2);
    }
    CHECK(alive == 0);
}
