#pragma once
// Typed ids for model objects (SolveSpace's handles): a ThingId and a VariableId are different
// types, so passing one where the other is expected, or assigning one to the other, does not
// compile. An id is an index into the Script's vector of its kind, and reading it as that index is
// what it is for, so it converts implicitly to its integer; making an id from a number is explicit
// (`ThingId{i}`), and ids of two kinds cannot be compared with each other.

#include <compare>
#include <concepts>
#include <cstdint>
#include <functional>

namespace mv {

template <class Tag>
class StrongId {
public:
    using Value = uint32_t;

    constexpr StrongId() = default;
    template <std::integral I>
    constexpr explicit StrongId(I value) : m_value(static_cast<Value>(value)) {}

    constexpr Value value() const { return m_value; }
    constexpr operator Value() const { return m_value; }  // NOLINT: an id is an index

    constexpr StrongId& operator++() {
        ++m_value;
        return *this;
    }

    friend constexpr bool operator==(StrongId, StrongId) = default;
    friend constexpr auto operator<=>(StrongId, StrongId) = default;
    template <class OtherTag>
    friend bool operator==(StrongId, StrongId<OtherTag>) = delete;
    template <class OtherTag>
    friend auto operator<=>(StrongId, StrongId<OtherTag>) = delete;

private:
    Value m_value = 0;
};

using ThingId = StrongId<struct ThingTag>;
using VariableId = StrongId<struct VariableTag>;
using ConstraintId = StrongId<struct ConstraintTag>;
using ElementId = StrongId<struct ElementTag>;

}  // namespace mv

template <class Tag>
struct std::hash<mv::StrongId<Tag>> {
    size_t operator()(mv::StrongId<Tag> id) const noexcept {
        return std::hash<uint32_t>{}(id.value());
    }
};
