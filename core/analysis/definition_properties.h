#pragma once
// The properties of a definition whose kind takes a fixed list of them (an interaction, a mass,
// the machine's gravity), by name. Unknown and repeated properties are reported here, the same way
// for every such kind, so each analyzer reads only the values it knows.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis/analysis_context.h"
#include "core/text/ast.h"

namespace mv {

using DefinitionProperties = std::map<std::string, const ast::Property*, std::less<>>;

// The properties of `definition` that `accepted` lists, each once; `owner` names the kind in the
// messages ("a swing"). A property without a value (the parser reported it) is left out.
DefinitionProperties collectProperties(const ast::Definition& definition, std::string_view owner,
                                       const std::vector<std::string_view>& accepted,
                                       AnalysisContext& context);

// The value written for `name`, or null when it is not written.
const ast::Expr* propertyValue(const DefinitionProperties& properties, std::string_view name);

}  // namespace mv
