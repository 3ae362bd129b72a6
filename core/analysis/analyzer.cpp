#include "core/analysis/analyzer.h"

#include <algorithm>
#include <map>

#include "core/analysis/analysis_context.h"
#include "core/analysis/constant_folding.h"
#include "core/analysis/element_analyzer.h"
#include "core/analysis/expression_resolver.h"
#include "core/analysis/interaction_analyzer.h"
#include "core/analysis/machine_gravity_analyzer.h"
#include "core/analysis/mass_analyzer.h"
#include "core/analysis/pivot_analyzer.h"
#include "core/analysis/reserved_names.h"
#include "core/analysis/step_analyzer.h"
#include "core/analysis/thing_analyzer.h"
#include "core/diagnostics/limits.h"
#include "core/model/constraint_store.h"

namespace mv {

namespace {

DefinedName::Category categoryOf(const ast::Definition& definition) {
    switch (definition.kind) {
        case ast::DefinitionKind::Image:
        case ast::DefinitionKind::Bar:
            return DefinedName::Category::Thing;
        case ast::DefinitionKind::Pendulum:
        case ast::DefinitionKind::Point:
            return DefinedName::Category::Element;
        case ast::DefinitionKind::Gravity:
            if (isMachineGravity(definition)) return DefinedName::Category::MachineGravity;
            return DefinedName::Category::Interaction;
        case ast::DefinitionKind::Swing:
        case ast::DefinitionKind::Reflection:
            return DefinedName::Category::Interaction;
        case ast::DefinitionKind::Mass:
            return DefinedName::Category::Mass;
        case ast::DefinitionKind::Unknown:
            break;
    }
    return DefinedName::Category::Broken;
}

// Registers every definition's name before anything is resolved, so an interaction may name an
// element defined after it. Indices count per category in definition order, which is the order
// in which the builders below append to the Script.
void registerNames(const std::vector<ast::Definition>& definitions, AnalysisContext& context) {
    std::map<DefinedName::Category, uint32_t> counts;
    for (const ast::Definition& definition : definitions) {
        const DefinedName::Category category = categoryOf(definition);
        const uint32_t index = counts[category]++;
        if (isReservedName(definition.name)) {
            context.report(definition.nameRange, diag<DiagnosticId::ReservedName>(definition.name));
            continue;
        }
        if (const DefinedName* first = context.find(definition.name)) {
            context.report(definition.nameRange,
                           diag<DiagnosticId::NameDefinedTwice>(definition.name,
                                                                context.at(first->nameRange)));
            continue;
        }
        context.names.emplace(definition.name, DefinedName{category, index, definition.nameRange});
    }
}

Config analyzeConfig(const std::optional<ast::Config>& written, AnalysisContext& context) {
    Config config;
    if (!written) return config;
    config.range = written->range;
    auto positive = [&](const ast::ExprPtr& value, const char* name, double& target) {
        if (!value) return;
        const auto number = foldScalar(*value, context, name);
        if (!number) return;
        if (!(*number > 0)) {
            context.report(value->range, diag<DiagnosticId::NotPositive>(name));
            return;
        }
        target = *number;
    };
    positive(written->fps, "fps", config.fps);
    positive(written->width, "the width", config.width);
    positive(written->height, "the height", config.height);
    if (const auto problem = canvasSizeProblem(config.width, config.height, 1))
        context.report(written->range, *problem);
    return config;
}

void analyzeDefinitions(const ast::Script& syntax, const ImageResolver& images, Script& script,
                        ExpressionResolver& resolver, AnalysisContext& context) {
    for (const ast::Definition& definition : syntax.definitions) {
        const auto category = categoryOf(definition);
        if (category == DefinedName::Category::Thing)
            script.things.push_back(analyzeThing(definition, ThingId{script.things.size()}, images,
                                                 script.config, context));
        if (category == DefinedName::Category::Element)
            script.elements.push_back(analyzeElement(definition, images, script.config, context));
    }
    ElementId element{0};
    for (const ast::Definition& definition : syntax.definitions) {
        if (categoryOf(definition) != DefinedName::Category::Element) continue;
        analyzePivot(definition, element, script, resolver);
        ++element;
    }
    for (const ast::Definition& definition : syntax.definitions) {
        if (categoryOf(definition) == DefinedName::Category::Interaction)
            script.interactions.push_back(
                analyzeInteraction(definition, script, resolver, context));
    }
    // The gravity first: its scale turns a bar's lengths into the metres of a mass's inertia.
    script.gravity = analyzeMachineGravity(syntax.definitions, context);
    for (const ast::Definition& definition : syntax.definitions) {
        if (categoryOf(definition) == DefinedName::Category::Mass)
            script.masses.push_back(analyzeMass(definition, script, context));
    }
}

}  // namespace

std::shared_ptr<const Script> analyze(const ast::Script& syntax,
                                      std::shared_ptr<const SourceText> source,
                                      const ImageResolver& images, Diagnostics& diagnostics) {
    auto script = std::make_shared<Script>();
    script->source = source;
    script->folder = images.folder();
    AnalysisContext context{*source, diagnostics, {}};
    registerNames(syntax.definitions, context);
    // The parser reported definitions after the first marker; their names stay known, so uses of
    // them are not reported again as unknown.
    for (const ast::Definition& misplaced : syntax.misplacedDefinitions)
        context.names.emplace(misplaced.name,
                              DefinedName{DefinedName::Category::Broken, 0, misplaced.nameRange});
    script->config = analyzeConfig(syntax.config, context);
    ExpressionResolver resolver(context, *script);
    analyzeDefinitions(syntax, images, *script, resolver, context);
    analyzeSteps(syntax.steps, *script, resolver, context);
    resolver.finish();
    assignLifetimes(script->constraints, static_cast<int>(script->steps.size()));
    return script;
}

}  // namespace mv
