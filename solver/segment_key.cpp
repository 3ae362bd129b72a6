#include "solver/segment_key.h"

#include <cstring>
#include <string_view>

namespace mv {

namespace {

// 64-bit FNV-1a over the bytes of each value, finished with a splitmix64 mix per value so that
// neighbouring small numbers do not collide.
class Hasher {
public:
    explicit Hasher(uint64_t seed = 0xcbf29ce484222325ull) : m_hash(seed) {}

    Hasher& add(uint64_t value) {
        m_hash ^= value + 0x9e3779b97f4a7c15ull + (m_hash << 6) + (m_hash >> 2);
        m_hash = mix(m_hash);
        return *this;
    }
    // The double's bits by memcpy rather than std::bit_cast, which the WebAssembly build's libc++
    // 13 lacks (scripts/web.sh); -0 and 0 hash alike.
    Hasher& add(double value) {
        const double positiveZero = value == 0 ? 0.0 : value;
        uint64_t bits = 0;
        std::memcpy(&bits, &positiveZero, sizeof bits);
        return add(bits);
    }
    Hasher& add(int value) { return add(static_cast<uint64_t>(static_cast<int64_t>(value))); }
    Hasher& add(uint32_t value) { return add(static_cast<uint64_t>(value)); }
    Hasher& add(bool value) { return add(static_cast<uint64_t>(value)); }
    Hasher& add(std::string_view text) {
        uint64_t h = 0xcbf29ce484222325ull;
        for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
        return add(h).add(static_cast<uint64_t>(text.size()));
    }
    Hasher& add(SourceRange range) { return add(range.begin).add(range.end); }
    Hasher& add(Vec2 v) { return add(v.x).add(v.y); }
    Hasher& add(const Expression& e) {
        add(static_cast<uint32_t>(e.op))
            .add(static_cast<uint32_t>(e.type))
            .add(e.number)
            .add(e.index)
            .add(e.sub);
        add(static_cast<uint64_t>(e.args.size()));
        for (const auto& arg : e.args) add(*arg);
        return *this;
    }
    uint64_t value() const { return m_hash; }

private:
    static uint64_t mix(uint64_t z) {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }

    uint64_t m_hash;
};

}  // namespace

uint64_t scriptKey(const Script& script, const SolveOptions& options) {
    Hasher h;
    h.add(script.config.fps).add(script.config.width).add(script.config.height);
    h.add(options.tolerance).add(options.maxIterations).add(options.retries);
    h.add(static_cast<uint64_t>(script.things.size()));
    for (const Thing& thing : script.things) {
        h.add(thing.name).add(thing.nameRange);
        h.add(thing.initialPose.x).add(thing.initialPose.y).add(thing.initialPose.angle);
        h.add(static_cast<uint64_t>(thing.anchors.size()));
        for (const Anchor& anchor : thing.anchors) h.add(anchor.name).add(anchor.local);
    }
    h.add(static_cast<uint64_t>(script.variables.size()));
    for (const Variable& v : script.variables) h.add(static_cast<uint32_t>(v.type));
    h.add(static_cast<uint64_t>(script.elements.size()));
    for (const Element& e : script.elements) {
        h.add(static_cast<uint64_t>(e.states.size()));
        for (const ElementParameter& p : e.parameters) h.add(p.value);
    }
    return h.value();
}

uint64_t segmentKey(uint64_t previous, const Script& script, const FramePlan& plan, size_t index,
                    const MechanicsResult& mechanics) {
    const Segment& segment = plan.segments[index];
    Hasher h(previous);
    h.add(segment.firstFrame).add(segment.endFrame);
    for (int f = segment.firstFrame; f < segment.endFrame; ++f) {
        const Frame& frame = plan.frames[size_t(f)];
        h.add(frame.time).add(frame.t).add(frame.iv);
        for (const auto* list : {&mechanics.frames, &mechanics.rates, &mechanics.accelerations}) {
            if (size_t(f) >= list->size()) continue;
            for (const auto& element : (*list)[size_t(f)])
                for (Vec2 v : element) h.add(v);
        }
    }
    for (ConstraintId id : segment.constraints) {
        const Constraint& c = script.constraints[id];
        h.add(id).add(static_cast<uint32_t>(c.relation)).add(c.frees).add(c.range);
        if (c.lhs) h.add(*c.lhs);
        if (c.rhs) h.add(*c.rhs);
    }
    return h.value();
}

}  // namespace mv
