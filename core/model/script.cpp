#include "core/model/script.h"

#include <algorithm>

namespace mv {

namespace {

template <class List>
int indexByName(const List& list, std::string_view name) {
    const auto it =
        std::find_if(list.begin(), list.end(), [&](const auto& item) { return item.name == name; });
    return it == list.end() ? -1 : static_cast<int>(it - list.begin());
}

}  // namespace

int Thing::anchorIndex(std::string_view anchorName) const {
    return indexByName(anchors, anchorName);
}
int Element::stateIndex(std::string_view stateName) const {
    return indexByName(states, stateName);
}
int Element::parameterIndex(std::string_view paramName) const {
    return indexByName(parameters, paramName);
}
int Script::thingIndex(std::string_view name) const {
    return indexByName(things, name);
}
int Script::elementIndex(std::string_view name) const {
    return indexByName(elements, name);
}
int Script::interactionIndex(std::string_view name) const {
    return indexByName(interactions, name);
}
int Script::massIndex(std::string_view name) const {
    return indexByName(masses, name);
}
int Script::variableIndex(std::string_view name) const {
    if (name == "_") return -1;
    return indexByName(variables, name);
}

}  // namespace mv
