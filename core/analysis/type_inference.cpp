#include "core/analysis/type_inference.h"

#include <optional>

namespace mv {

TypeVar TypeInference::unknown(SourceRange origin) {
    return known(TypeKind::Unknown, origin);
}

TypeVar TypeInference::known(TypeKind kind, SourceRange origin) {
    const auto id = static_cast<uint32_t>(m_classes.size());
    m_classes.push_back({id, kind, origin});
    return id;
}

uint32_t TypeInference::find(uint32_t var) {
    while (m_classes[var].parent != var) {
        m_classes[var].parent = m_classes[m_classes[var].parent].parent;  // path halving
        var = m_classes[var].parent;
    }
    return var;
}

TypeKind TypeInference::kind(TypeVar var) {
    return m_classes[find(var)].kind;
}
SourceRange TypeInference::origin(TypeVar var) {
    return m_classes[find(var)].origin;
}

std::optional<TypeClash> TypeInference::require(TypeVar var, TypeKind kind, SourceRange here) {
    Class& c = m_classes[find(var)];
    if (c.kind == TypeKind::Invalid || c.kind == kind || kind == TypeKind::Unknown) return {};
    if (kind == TypeKind::Invalid || c.kind == TypeKind::Unknown) {
        c.kind = kind;
        c.origin = here;
        return {};
    }
    return TypeClash{c.kind, c.origin};
}

std::optional<TypeClash> TypeInference::unify(TypeVar a, TypeVar b) {
    const uint32_t ra = find(a), rb = find(b);
    if (ra == rb) return {};
    Class& ca = m_classes[ra];
    Class& cb = m_classes[rb];
    const bool agree = ca.kind == cb.kind || ca.kind == TypeKind::Unknown ||
                       cb.kind == TypeKind::Unknown || ca.kind == TypeKind::Invalid ||
                       cb.kind == TypeKind::Invalid;
    if (!agree) return TypeClash{cb.kind, cb.origin};
    // The merged class keeps the information that decides most: invalid, then known.
    const bool keepB = ca.kind == TypeKind::Unknown ||
                       (cb.kind == TypeKind::Invalid && ca.kind != TypeKind::Invalid);
    if (keepB) {
        ca.parent = rb;
    } else {
        cb.parent = ra;
    }
    return {};
}

void TypeInference::invalidate(TypeVar var) {
    Class& c = m_classes[find(var)];
    c.kind = TypeKind::Invalid;
}

void TypeInference::product(TypeVar result, TypeVar a, TypeVar b, SourceRange range,
                            ProductError report) {
    Product p{result, a, b, range, std::move(report)};
    if (!tryProduct(p)) m_parked.push_back(std::move(p));
}

bool TypeInference::tryProduct(const Product& p) {
    const TypeKind ka = kind(p.a), kb = kind(p.b), kr = kind(p.result);
    if (ka == TypeKind::Invalid || kb == TypeKind::Invalid) {
        invalidate(p.result);
        return true;
    }
    if (ka == TypeKind::Vector && kb == TypeKind::Vector) {
        p.report(diag<DiagnosticId::VectorProduct>());
        invalidate(p.result);
        return true;
    }
    // One vector factor makes the other a scalar and the product a vector; a scalar factor passes
    // the other's type through; a scalar product needs two scalars.
    std::optional<TypeClash> clash;
    if (ka == TypeKind::Vector || kb == TypeKind::Vector) {
        clash = require(ka == TypeKind::Vector ? p.b : p.a, TypeKind::Scalar, p.range);
        if (!clash) clash = require(p.result, TypeKind::Vector, p.range);
    } else if (ka == TypeKind::Scalar) {
        clash = unify(p.b, p.result);
    } else if (kb == TypeKind::Scalar) {
        clash = unify(p.a, p.result);
    } else if (kr == TypeKind::Scalar) {
        require(p.a, TypeKind::Scalar, p.range);
        require(p.b, TypeKind::Scalar, p.range);
    } else {
        return false;
    }
    if (clash) {
        p.report(diag<DiagnosticId::ProductUsedAs>(
            typeKindName(clash->existing == TypeKind::Vector ? TypeKind::Scalar : TypeKind::Vector),
            typeKindName(clash->existing)));
        invalidate(p.result);
    }
    return true;
}

void TypeInference::settleProducts() {
    bool progress = true;
    while (progress && !m_parked.empty()) {
        progress = false;
        std::vector<Product> still;
        for (Product& p : m_parked) {
            if (tryProduct(p)) {
                progress = true;
            } else {
                still.push_back(std::move(p));
            }
        }
        m_parked = std::move(still);
    }
}

void TypeInference::settle(const std::vector<TypeVar>& defaults) {
    settleProducts();
    for (TypeVar var : defaults) {
        if (kind(var) != TypeKind::Unknown) continue;
        require(var, TypeKind::Scalar, origin(var));
        settleProducts();
    }
}

ValueType TypeInference::valueType(TypeVar var) {
    return kind(var) == TypeKind::Vector ? ValueType::Vector : ValueType::Scalar;
}

const char* typeKindName(TypeKind kind) {
    switch (kind) {
        case TypeKind::Scalar:
            return "a scalar";
        case TypeKind::Vector:
            return "a vector";
        case TypeKind::Unknown:
            return "of unknown type";
        case TypeKind::Invalid:
            return "invalid";
    }
    return "invalid";
}

}  // namespace mv
