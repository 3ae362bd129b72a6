#pragma once
// What a misspelt name could have meant, per kind of name: the lists the analyzer hands to
// suggestName (core/diagnostics/name_suggestion.h) when it reports an unknown name. Views into the
// Script or the table of defined names, which outlive the report.

#include <initializer_list>
#include <string_view>
#include <vector>

#include "core/analysis/analysis_context.h"
#include "core/model/script.h"

namespace mv {

std::vector<std::string_view> anchorNames(const Thing& thing);
// The states of `element`, and its parameters too when `withParameters`.
std::vector<std::string_view> stateNames(const Element& element, bool withParameters);
// The defined names of the given categories, in alphabetical order.
std::vector<std::string_view> definedNames(const DefinedNames& names,
                                           std::initializer_list<DefinedName::Category> categories);
std::vector<std::string_view> functionNames();

}  // namespace mv
