#include "core/analysis/definition_properties.h"

#include <algorithm>

#include "core/diagnostics/name_suggestion.h"

namespace mv {

namespace {

std::string join(const std::vector<std::string_view>& names) {
    std::string text;
    for (std::string_view name : names) text += (text.empty() ? "" : ", ") + std::string(name);
    return text;
}

}  // namespace

DefinitionProperties collectProperties(const ast::Definition& definition, std::string_view owner,
                                       const std::vector<std::string_view>& accepted,
                                       AnalysisContext& context) {
    DefinitionProperties properties;
    for (const ast::Property& property : definition.properties) {
        if (std::find(accepted.begin(), accepted.end(), property.name) == accepted.end()) {
            context.report(property.nameRange,
                           suggestName(diag<DiagnosticId::UnknownProperty>(property.name, owner,
                                                                           join(accepted)),
                                       property.name, accepted));
            continue;
        }
        const auto [it, added] = properties.emplace(property.name, &property);
        if (!added) {
            context.report(property.nameRange, diag<DiagnosticId::PropertySetTwice>(
                                                   property.name, context.at(it->second->range)));
            continue;
        }
        if (!property.value) properties.erase(it);
    }
    return properties;
}

const ast::Expr* propertyValue(const DefinitionProperties& properties, std::string_view name) {
    const auto found = properties.find(name);
    return found == properties.end() ? nullptr : found->second->value.get();
}

}  // namespace mv
