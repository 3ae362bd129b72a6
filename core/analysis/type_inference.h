#pragma once
// Scalar/vector inference for the unknowns of a script (docs/reference.md#expressions-and-types:
// "its type follows from where it is used"). Every expression node gets a type variable; uses add
// equations between them, solved by union-find in source order, so the first use that fixes a type
// wins and a later use that disagrees is the one reported. Each class remembers where it got its
// type, for messages like "x is a vector here but a scalar at 12:3".
//
// A product `a * b` is the one rule that is not an equation: s*s, s*v and v*s are all valid. It is
// decided as soon as one factor is known and parked otherwise; `settle()` retries parked products,
// then lets each still-unknown variable default to a scalar (in order of first use) and retries.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/expression.h"
#include "core/text/source_text.h"

namespace mv {

using TypeVar = uint32_t;

// What a class of type variables is known to be. `Invalid` marks a class already reported as wrong;
// it agrees with everything so one mistake is not reported again at every use.
enum class TypeKind : uint8_t { Unknown, Scalar, Vector, Invalid };

struct TypeClash {
    TypeKind existing = TypeKind::Unknown;  // what the class already was
    SourceRange origin;                     // where it became that
};

class TypeInference {
public:
    TypeVar unknown(SourceRange origin = {});  // origin: where a default would come from
    TypeVar known(TypeKind kind, SourceRange origin);

    TypeKind kind(TypeVar var);
    SourceRange origin(TypeVar var);

    // Fix var's class to `kind` (originating at `here`). Returns the clash, if any; then nothing
    // changes.
    std::optional<TypeClash> require(TypeVar var, TypeKind kind, SourceRange here);
    // Merge the classes of a and b. On a clash nothing changes and the result says how b's class
    // differs from a's.
    std::optional<TypeClash> unify(TypeVar a, TypeVar b);
    void invalidate(TypeVar var);

    // result = a * b, written at `range`. `report` gets the message when the factors turn out to be
    // two vectors, or when the product's type disagrees with what its context already required.
    using ProductError = std::function<void(DiagnosticMessage)>;
    void product(TypeVar result, TypeVar a, TypeVar b, SourceRange range, ProductError report);

    // Decide everything still open; `defaults` are the variables' type variables in order of
    // first use, which become scalars when nothing else decides them.
    void settle(const std::vector<TypeVar>& defaults);

    // Scalar for anything left unknown or invalid (only reachable after errors).
    ValueType valueType(TypeVar var);

private:
    struct Class {
        uint32_t parent;
        TypeKind kind;
        SourceRange origin;
    };
    struct Product {
        TypeVar result, a, b;
        SourceRange range;
        ProductError report;
    };

    uint32_t find(uint32_t var);
    bool tryProduct(const Product& p);  // true when decided
    void settleProducts();

    std::vector<Class> m_classes;
    std::vector<Product> m_parked;
};

const char* typeKindName(TypeKind kind);  // "a scalar", "a vector", …

}  // namespace mv
