#include "solver/api/drag_source.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

namespace mv {

namespace {

bool isAnchor(const Expression& e, ThingId thing, int anchor) {
    return e.op == ExprOp::Anchor && e.index == thing && int(e.sub) == anchor;
}

bool mentions(const Expression& e, ThingId thing) {
    if (e.op == ExprOp::Anchor && e.index == thing) return true;
    for (const ExpressionPtr& arg : e.args)
        if (mentions(*arg, thing)) return true;
    return false;
}

// A number node whose text is a plain number, with or without a minus: the analyzer folds `-5`,
// `30°` and `pi` into number nodes too, and only the first is a number the user wrote as such.
std::optional<WrittenNumber> writtenNumber(const Expression& e, const SourceText& source) {
    if (e.op != ExprOp::Number) return std::nullopt;
    std::string text(source.slice(e.range));
    size_t start = 0;
    if (start < text.size() && text[start] == '-') ++start;
    while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
    if (start == text.size() ||
        !(std::isdigit(static_cast<unsigned char>(text[start])) || text[start] == '.'))
        return std::nullopt;
    char* end = nullptr;
    const double magnitude = std::strtod(text.c_str() + start, &end);
    if (end != text.c_str() + text.size() || std::abs(magnitude) != std::abs(e.number))
        return std::nullopt;
    return WrittenNumber{e.range, e.number};
}

// The vectors written with two numbers among the terms of a sum, in source order.
void collectWrittenVectors(const Expression& e, const SourceText& source,
                           std::vector<std::vector<WrittenNumber>>& vectors) {
    switch (e.op) {
        case ExprOp::Add:
        case ExprOp::Subtract:
        case ExprOp::Negate:
            for (const ExpressionPtr& arg : e.args) collectWrittenVectors(*arg, source, vectors);
            return;
        case ExprOp::MakeVector: {
            const auto x = writtenNumber(*e.args[0], source);
            const auto y = writtenNumber(*e.args[1], source);
            if (x && y) vectors.push_back({*x, *y});
            return;
        }
        default:
            return;
    }
}

// The side of `c` other than the anchor, when one side is exactly that anchor.
const Expression* otherSide(const Constraint& c, ThingId thing, int anchor) {
    if (c.relation != Relation::Equal || c.frees || !c.lhs || !c.rhs) return nullptr;
    if (isAnchor(*c.lhs, thing, anchor)) return c.rhs.get();
    if (isAnchor(*c.rhs, thing, anchor)) return c.lhs.get();
    return nullptr;
}

ExpressionPtr replaceNumbers(const ExpressionPtr& e, const std::vector<WrittenNumber>& numbers,
                             uint32_t firstVariable) {
    if (e->op == ExprOp::Number) {
        for (size_t i = 0; i < numbers.size(); ++i) {
            if (!(numbers[i].range == e->range)) continue;
            auto variable = std::make_shared<Expression>();
            variable->op = ExprOp::Variable;
            variable->type = ValueType::Scalar;
            variable->range = e->range;
            variable->index = firstVariable + uint32_t(i);
            return variable;
        }
        return e;
    }
    std::vector<ExpressionPtr> args;
    bool changed = false;
    for (const ExpressionPtr& arg : e->args) {
        args.push_back(replaceNumbers(arg, numbers, firstVariable));
        changed = changed || args.back() != arg;
    }
    if (!changed) return e;
    auto copy = std::make_shared<Expression>(*e);
    copy->args = std::move(args);
    return copy;
}

}  // namespace

DragSource findDragSource(const Script& script, const Segment& segment, const Grip& grip) {
    const Thing& thing = script.things[grip.thing];
    std::vector<int> anchors;
    if (grip.anchor >= 0) anchors.push_back(grip.anchor);
    for (int a = 0; a < int(thing.anchors.size()); ++a)
        if (a != grip.anchor) anchors.push_back(a);
    DragSource source;
    for (const int anchor : anchors) {
        // Constraints that say what the anchor is (`Crank.Q = …`) hold it before those that
        // read it (`Conrod.P = Crank.Q`).
        std::optional<ConstraintId> says, reads;
        for (const ConstraintId id : segment.constraints) {
            const Constraint& c = script.constraints[id];
            const Expression* other = otherSide(c, grip.thing, anchor);
            if (!other) continue;
            std::vector<std::vector<WrittenNumber>> vectors;
            collectWrittenVectors(*other, *script.source, vectors);
            if (!vectors.empty()) return {vectors.front(), id};
            auto& holder = other == c.rhs.get() ? says : reads;
            if (!holder) holder = id;
        }
        if (!source.constraint) source.constraint = says ? says : reads;
        // The gripped anchor's own constraint is what holds it: the others' numbers would move
        // it only by moving the whole thing around it.
        if (anchor == grip.anchor && source.constraint) return source;
    }
    if (source.constraint) return source;
    for (const ConstraintId id : segment.constraints) {
        const Constraint& c = script.constraints[id];
        if ((c.lhs && mentions(*c.lhs, grip.thing)) || (c.rhs && mentions(*c.rhs, grip.thing))) {
            source.constraint = id;
            break;
        }
    }
    return source;
}

std::shared_ptr<const Script> withNumbersAsVariables(const Script& script,
                                                     const std::vector<WrittenNumber>& numbers) {
    auto copy = std::make_shared<Script>(script);
    const auto first = uint32_t(copy->variables.size());
    for (const WrittenNumber& number : numbers)
        copy->variables.push_back({"_", ValueType::Scalar, true, number.range});
    for (Constraint& c : copy->constraints) {
        if (c.lhs) c.lhs = replaceNumbers(c.lhs, numbers, first);
        if (c.rhs) c.rhs = replaceNumbers(c.rhs, numbers, first);
    }
    return copy;
}

}  // namespace mv
