#include "core/analysis/mass_analyzer.h"

#include <optional>

#include "core/analysis/constant_folding.h"
#include "core/analysis/definition_properties.h"
#include "core/analysis/suggestion_candidates.h"
#include "core/diagnostics/name_suggestion.h"

namespace mv {

namespace {

// What a defined name that is not a thing is, for the message that says so.
const char* categoryName(DefinedName::Category category) {
    switch (category) {
        case DefinedName::Category::Element:
            return "an element";
        case DefinedName::Category::Interaction:
            return "an interaction";
        case DefinedName::Category::Mass:
            return "a mass";
        case DefinedName::Category::MachineGravity:
            return "the machine's gravity";
        default:
            return "not a thing";
    }
}

std::optional<ThingId> resolveTarget(const ast::Definition& definition,
                                     const DefinitionProperties& properties,
                                     AnalysisContext& context) {
    const ast::Expr* value = propertyValue(properties, "target");
    if (!value) {
        context.report(definition.nameRange,
                       diag<DiagnosticId::MassWithoutTarget>(definition.name));
        return std::nullopt;
    }
    if (value->kind != ast::ExprKind::Name) {
        if (value->kind != ast::ExprKind::Error)
            context.report(value->range, diag<DiagnosticId::TargetNotName>("a thing"));
        return std::nullopt;
    }
    const DefinedName* name = context.find(value->text);
    if (!name) {
        context.report(value->range,
                       suggestName(diag<DiagnosticId::UnknownThing>(value->text), value->text,
                                   definedNames(context.names, {DefinedName::Category::Thing})));
        return std::nullopt;
    }
    if (name->category == DefinedName::Category::Thing) return ThingId{name->index};
    // A definition the parser could not read is reported already.
    if (name->category != DefinedName::Category::Broken)
        context.report(value->range, diag<DiagnosticId::MassTargetNotThing>(
                                         value->text, categoryName(name->category)));
    return std::nullopt;
}

// `m`, required and greater than 0.
std::optional<double> massOf(const ast::Definition& definition,
                             const DefinitionProperties& properties, AnalysisContext& context) {
    const ast::Expr* value = propertyValue(properties, "m");
    if (!value) {
        context.report(definition.nameRange, diag<DiagnosticId::MassWithoutValue>(definition.name));
        return std::nullopt;
    }
    const auto mass = foldScalar(*value, context, "m");
    if (mass && !(*mass > 0)) {
        context.report(value->range, diag<DiagnosticId::NotPositive>("m"));
        return std::nullopt;
    }
    return mass;
}

// `J` as written, 0 or greater; nullopt when it is not written (or wrong).
std::optional<double> writtenInertia(const DefinitionProperties& properties,
                                     AnalysisContext& context) {
    const ast::Expr* value = propertyValue(properties, "J");
    if (!value) return std::nullopt;
    const auto inertia = foldScalar(*value, context, "J");
    if (inertia && !(*inertia >= 0)) {
        context.report(value->range, diag<DiagnosticId::Negative>("J"));
        return std::nullopt;
    }
    return inertia;
}

// The thing `Thing.Anchor` names, or null when `value` is not of that form.
const DefinedName* anchorOwner(const ast::Expr& value, const AnalysisContext& context) {
    if (value.kind != ast::ExprKind::Member || value.args.size() != 1 ||
        value.args[0]->kind != ast::ExprKind::Name)
        return nullptr;
    const DefinedName* owner = context.find(value.args[0]->text);
    return owner && owner->category == DefinedName::Category::Thing ? owner : nullptr;
}

// `at = Thing.Anchor`, an anchor of the target, or `at = [x, y]` in the target's own coordinates
// (pixels with y down on an image, as its anchors are written): the centre in the body frame
// (y up, as Anchor::local). Without a known target only the mistakes of `at` itself are reported.
std::optional<Vec2> centreAt(const ast::Expr& value, const Thing* target, const Script& script,
                             AnalysisContext& context) {
    if (const DefinedName* owner = anchorOwner(value, context)) {
        const Thing& thing = script.things[owner->index];
        if (target && &thing != target) {
            context.report(value.range,
                           diag<DiagnosticId::AnchorOfOtherThing>(target->name, thing.name));
            return std::nullopt;
        }
        const int anchor = thing.anchorIndex(value.text);
        if (anchor < 0) {
            context.report(value.nameRange,
                           suggestName(diag<DiagnosticId::UnknownAnchor>(value.text, thing.name),
                                       value.text, anchorNames(thing)));
            return std::nullopt;
        }
        return thing.anchors[static_cast<size_t>(anchor)].local;
    }
    const auto point = foldVector(value, context, "at");
    if (!point || !target) return std::nullopt;
    return target->kind == Thing::Kind::Image ? Vec2{point->x, -point->y} : *point;
}

struct Spread {
    Vec2 centre;
    double inertia = 0;  // kg·m² about the centre
};

// A mass spread evenly along a bar's polyline, its anchors in definition order (its drawn width
// never counts): the centre is the length-weighted centroid of the segments, and the inertia about
// it adds up each segment's as a thin rod about its own middle (m L²/12) and the parallel axes'
// shift (m d²), lengths in metres. A bar of no length holds the whole mass at its first anchor.
Spread spreadAlong(const std::vector<Anchor>& anchors, double mass, double unitsPerMetre) {
    if (anchors.empty()) return {};
    struct Segment {
        Vec2 middle;
        double length;
    };
    std::vector<Segment> segments;
    double length = 0;
    Vec2 moment;
    for (size_t i = 1; i < anchors.size(); ++i) {
        const Vec2 a = anchors[i - 1].local, b = anchors[i].local;
        const Segment segment{(a + b) * 0.5, (b - a).length()};
        segments.push_back(segment);
        length += segment.length;
        moment = moment + segment.middle * segment.length;
    }
    if (length == 0) return {anchors.front().local, 0};
    Spread spread{moment * (1 / length), 0};
    for (const Segment& segment : segments) {
        const double share = mass * segment.length / length;
        const double own = segment.length / unitsPerMetre;
        const double offset = (segment.middle - spread.centre).length() / unitsPerMetre;
        spread.inertia += share * (own * own / 12 + offset * offset);
    }
    return spread;
}

}  // namespace

std::vector<std::string_view> massPropertyNames() {
    return {"target", "m", "J", "at"};
}

Mass analyzeMass(const ast::Definition& definition, const Script& script,
                 AnalysisContext& context) {
    Mass mass;
    mass.name = definition.name;
    mass.nameRange = definition.nameRange;
    mass.range = definition.range;
    const DefinitionProperties properties =
        collectProperties(definition, "a mass", massPropertyNames(), context);
    const auto target = resolveTarget(definition, properties, context);
    const Thing* thing = target ? &script.things[*target] : nullptr;
    if (target) mass.target = *target;
    if (const auto m = massOf(definition, properties, context)) mass.mass = *m;
    const auto inertia = writtenInertia(properties, context);
    if (const ast::Expr* at = propertyValue(properties, "at")) {
        if (const auto centre = centreAt(*at, thing, script, context)) mass.centre = *centre;
    } else if (thing && thing->kind == Thing::Kind::Image) {
        // A picture does not say where its mass is.
        context.report(definition.nameRange, diag<DiagnosticId::MassOnImageWithoutAt>());
    } else if (thing) {
        const Spread spread = spreadAlong(thing->anchors, mass.mass, script.gravity.scale);
        mass.centre = spread.centre;
        mass.inertia = spread.inertia;
    }
    if (inertia) mass.inertia = *inertia;
    return mass;
}

}  // namespace mv
