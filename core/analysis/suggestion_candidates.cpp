#include "core/analysis/suggestion_candidates.h"

#include <algorithm>

#include "core/analysis/reserved_names.h"

namespace mv {

std::vector<std::string_view> anchorNames(const Thing& thing) {
    std::vector<std::string_view> names;
    for (const Anchor& anchor : thing.anchors) names.push_back(anchor.name);
    return names;
}

std::vector<std::string_view> stateNames(const Element& element, bool withParameters) {
    std::vector<std::string_view> names;
    for (const ElementState& state : element.states) names.push_back(state.name);
    if (withParameters)
        for (const ElementParameter& parameter : element.parameters)
            names.push_back(parameter.name);
    return names;
}

std::vector<std::string_view> definedNames(
    const DefinedNames& names, std::initializer_list<DefinedName::Category> categories) {
    std::vector<std::string_view> found;
    for (const auto& [name, defined] : names)
        if (std::find(categories.begin(), categories.end(), defined.category) != categories.end())
            found.push_back(name);
    return found;
}

std::vector<std::string_view> functionNames() {
    std::vector<std::string_view> names = reservedNames();
    std::erase_if(names, [](std::string_view name) { return !isFunctionName(name); });
    return names;
}

}  // namespace mv
