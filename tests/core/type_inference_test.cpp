#include <catch2/catch.hpp>

#include "core/analysis/type_inference.h"

using namespace mv;

namespace {

SourceRange at(uint32_t offset) {
    return {offset, offset + 1};
}

}  // namespace

TEST_CASE("Unification carries a type to every member of a class", "[types]") {
    TypeInference types;
    const TypeVar a = types.unknown(at(0)), b = types.unknown(at(1)), c = types.unknown(at(2));
    CHECK_FALSE(types.unify(a, b));
    CHECK_FALSE(types.unify(b, c));
    CHECK(types.kind(a) == TypeKind::Unknown);
    CHECK_FALSE(types.require(c, TypeKind::Vector, at(7)));
    CHECK(types.kind(a) == TypeKind::Vector);
    CHECK(types.origin(a) == at(7));
}

TEST_CASE("A clash reports what the class was and where it became that", "[types]") {
    TypeInference types;
    const TypeVar x = types.unknown(at(0));
    types.require(x, TypeKind::Scalar, at(3));
    const auto clash = types.require(x, TypeKind::Vector, at(9));
    REQUIRE(clash);
    CHECK(clash->existing == TypeKind::Scalar);
    CHECK(clash->origin == at(3));
    CHECK(types.kind(x) == TypeKind::Scalar);  // a clash changes nothing

    const TypeVar v = types.known(TypeKind::Vector, at(12));
    const auto merged = types.unify(x, v);
    REQUIRE(merged);
    CHECK(merged->existing == TypeKind::Vector);
    CHECK(merged->origin == at(12));
}

TEST_CASE("An invalid class agrees with everything, so one mistake is reported once", "[types]") {
    TypeInference types;
    const TypeVar x = types.known(TypeKind::Scalar, at(0));
    types.invalidate(x);
    CHECK_FALSE(types.require(x, TypeKind::Vector, at(1)));
    CHECK_FALSE(types.unify(x, types.known(TypeKind::Vector, at(2))));
    CHECK(types.valueType(x) == ValueType::Scalar);
}

TEST_CASE("Products: decided by a known factor, parked otherwise", "[types]") {
    TypeInference types;
    int reports = 0;
    auto count = [&](const DiagnosticMessage&) { ++reports; };

    // s * v is a vector at once.
    const TypeVar sv = types.unknown();
    types.product(sv, types.known(TypeKind::Scalar, at(0)), types.known(TypeKind::Vector, at(1)),
                  at(2), count);
    CHECK(types.kind(sv) == TypeKind::Vector);

    // v * y: y must be a scalar.
    const TypeVar y = types.unknown(at(3));
    types.product(types.unknown(), types.known(TypeKind::Vector, at(4)), y, at(5), count);
    CHECK(types.kind(y) == TypeKind::Scalar);

    // k * w = vector: open until k is known; then w follows.
    const TypeVar k = types.unknown(at(6)), w = types.unknown(at(7)), kw = types.unknown();
    types.product(kw, k, w, at(8), count);
    types.require(kw, TypeKind::Vector, at(9));
    CHECK(types.kind(w) == TypeKind::Unknown);
    types.require(k, TypeKind::Scalar, at(10));
    types.settle({k, w});
    CHECK(types.kind(w) == TypeKind::Vector);

    // v * v is the one product that is an error.
    types.product(types.unknown(), types.known(TypeKind::Vector, at(11)),
                  types.known(TypeKind::Vector, at(12)), at(13), count);
    CHECK(reports == 1);
}

TEST_CASE("Settling defaults unknown variables to scalars in order, re-deciding products",
          "[types]") {
    TypeInference types;
    std::vector<std::string> messages;
    const TypeVar p = types.unknown(at(0)), q = types.unknown(at(1)), r = types.unknown(at(2));
    const TypeVar pq = types.unknown();
    types.product(pq, p, q, at(3), [&](const DiagnosticMessage& m) { messages.push_back(m.text); });
    CHECK_FALSE(types.unify(pq, r));
    types.settle({p, q, r});
    CHECK(types.kind(p) == TypeKind::Scalar);
    CHECK(types.kind(q) == TypeKind::Scalar);
    CHECK(types.kind(r) == TypeKind::Scalar);
    CHECK(messages.empty());
}

TEST_CASE("A parked product whose context disagrees later is reported", "[types]") {
    TypeInference types;
    std::vector<std::string> messages;
    const TypeVar a = types.unknown(at(0)), b = types.unknown(at(1)), ab = types.unknown();
    types.product(ab, a, b, at(2), [&](const DiagnosticMessage& m) { messages.push_back(m.text); });
    // Nothing known yet: parked. Then the product is used as a scalar and a turns out a vector;
    // the parked product is retried when settling and meets the disagreement there.
    CHECK_FALSE(types.require(ab, TypeKind::Scalar, at(3)));
    types.require(a, TypeKind::Vector, at(4));
    types.settle({a, b});
    REQUIRE(messages.size() == 1);
    CHECK(messages[0] == "this product is a vector but is used as a scalar");
}
