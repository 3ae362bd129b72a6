#include "core/model/expression_identity.h"

#include <functional>

namespace mv {

bool sameExpression(const Expression& a, const Expression& b) {
    if (&a == &b) return true;
    if (a.op != b.op || a.type != b.type || a.number != b.number || a.index != b.index ||
        a.sub != b.sub || a.args.size() != b.args.size())
        return false;
    for (size_t i = 0; i < a.args.size(); ++i)
        if (!sameExpression(*a.args[i], *b.args[i])) return false;
    return true;
}

size_t expressionHash(const Expression& e) {
    // 0 and -0 compare equal, so both hash as 0.
    const double number = e.number == 0 ? 0.0 : e.number;
    size_t hash = std::hash<double>{}(number);
    const auto mix = [&hash](size_t value) {
        hash ^= value + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
    };
    mix(static_cast<size_t>(e.op));
    mix(static_cast<size_t>(e.type));
    mix(e.index);
    mix(e.sub);
    for (const ExpressionPtr& arg : e.args) mix(expressionHash(*arg));
    return hash;
}

}  // namespace mv
