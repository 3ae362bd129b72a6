#include "quantity.h"

#include <algorithm>
#include <vector>

namespace mv::python {

namespace {

// "P, Q", or `none` when there is nothing to list.
template <class Range, class Name>
std::string listed(const Range& range, Name name, const std::string& none) {
    std::string text;
    for (const auto& item : range) {
        const std::string_view n = name(item);
        if (n.empty()) continue;
        if (!text.empty()) text += ", ";
        text += n;
    }
    return text.empty() ? none : text;
}

std::string thingNames(const Script& script) {
    return listed(
        script.things, [](const Thing& t) -> std::string_view { return t.name; },
        "the script has no things");
}

std::string thingsAre(const Script& script) {
    return script.things.empty() ? thingNames(script) : "the things are " + thingNames(script);
}

std::string variablesAre(const Script& script) {
    const std::string names = listed(
        script.variables,
        [](const Variable& v) -> std::string_view { return v.anonymous ? "" : v.name; }, "");
    return names.empty() ? "the script has no named variables" : "the variables are " + names;
}

std::string elementsAre(const Script& script) {
    const std::string names = listed(
        script.elements, [](const Element& e) -> std::string_view { return e.name; }, "");
    return names.empty() ? "the script has no elements" : "the elements are " + names;
}

std::string anchorsOf(const Thing& thing) {
    return thing.name + " has " +
           listed(
               thing.anchors, [](const Anchor& a) -> std::string_view { return a.name; },
               "no anchors");
}

std::string statesOf(const Element& element) {
    return element.name + " has " +
           listed(
               element.states, [](const ElementState& s) -> std::string_view { return s.name; },
               "no states");
}

// "Crank.Q" as ("Crank", "Q"); no dot: (name, "") and false.
bool split(std::string_view name, std::string_view& head, std::string_view& tail) {
    const size_t dot = name.find('.');
    head = name.substr(0, dot);
    tail = dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
    return dot != std::string_view::npos;
}

std::optional<Quantity> thing(const Script& script, std::string_view name) {
    const int t = script.thingIndex(name);
    if (t < 0) return std::nullopt;
    Quantity q;
    q.kind = Quantity::Kind::Pose;
    q.thing = t;
    q.columns = 3;
    return q;
}

std::optional<Quantity> variable(const Script& script, std::string_view name) {
    const int v = script.variableIndex(name);
    if (v < 0) return std::nullopt;
    Quantity q;
    q.kind = Quantity::Kind::Variable;
    q.variable = v;
    q.columns = script.variables[size_t(v)].type == ValueType::Vector ? 2 : 1;
    return q;
}

// The anchor, or nothing when `name`'s thing is not a thing; UnknownName when the thing is one
// but has no such anchor.
std::optional<Quantity> anchor(const Script& script, std::string_view name) {
    std::string_view head, tail;
    const bool dotted = split(name, head, tail);
    const int t = script.thingIndex(head);
    if (t < 0) return std::nullopt;
    const Thing& thing = script.things[size_t(t)];
    const int a = dotted ? thing.anchorIndex(tail) : -1;
    if (a < 0) {
        throw UnknownName("no anchor " + std::string(name) +
                          (dotted ? "; " : " (an anchor is named Thing.Anchor); ") +
                          anchorsOf(thing));
    }
    Quantity q;
    q.kind = Quantity::Kind::Anchor;
    q.thing = t;
    q.anchor = a;
    q.columns = 2;
    return q;
}

// The same for an element state.
std::optional<Quantity> state(const Script& script, std::string_view name) {
    std::string_view head, tail;
    const bool dotted = split(name, head, tail);
    const int e = script.elementIndex(head);
    if (e < 0) return std::nullopt;
    const Element& element = script.elements[size_t(e)];
    const int s = dotted ? element.stateIndex(tail) : -1;
    if (s < 0) {
        throw UnknownName("no state " + std::string(name) +
                          (dotted ? "; " : " (a state is named Element.state); ") +
                          statesOf(element));
    }
    Quantity q;
    q.kind = Quantity::Kind::State;
    q.element = e;
    q.state = s;
    q.columns = element.states[size_t(s)].type == ValueType::Vector ? 2 : 1;
    return q;
}

// "motor, Rod.A, line 14", the names `solve` prints the loads under.
std::string constraintsAre(const std::vector<ForceEntry>& entries) {
    return listed(
        entries, [](const ForceEntry& e) -> std::string_view { return e.name; },
        "the script has no equalities");
}

const ForceEntry& entryNamed(const std::vector<ForceEntry>& entries, std::string_view name,
                             int& index) {
    const auto at = std::find_if(entries.begin(), entries.end(),
                                 [&](const ForceEntry& e) { return e.name == name; });
    if (at == entries.end()) {
        throw UnknownName("no constraint " + std::string(name) + "; the constraints are named " +
                          constraintsAre(entries));
    }
    index = int(at - entries.begin());
    return *at;
}

// The thing `entry` loads that is named `name`, by its index in the script.
int loadedThing(const Script& script, const ForceEntry& entry, std::string_view name) {
    const int t = script.thingIndex(name);
    if (t < 0) throw UnknownName("no thing " + std::string(name) + "; " + thingsAre(script));
    if (std::find(entry.things.begin(), entry.things.end(), ThingId(t)) == entry.things.end()) {
        const auto thingName = [&](ThingId id) -> std::string_view {
            return script.things[id].name;
        };
        throw UnknownName(entry.name + " does not load " + std::string(name) + "; it loads " +
                          listed(entry.things, thingName, "nothing"));
    }
    return t;
}

}  // namespace

NoForces::NoForces()
    : std::runtime_error(
          "no forces: the script has no masses (a .mass on a thing gives them, "
          "docs/reference.md#masses-and-forces)") {}

Quantity findThing(const Script& script, std::string_view name) {
    if (auto q = thing(script, name)) return *q;
    throw UnknownName("no thing " + std::string(name) + "; " + thingsAre(script));
}

Quantity findAnchor(const Script& script, std::string_view name) {
    if (auto q = anchor(script, name)) return *q;
    throw UnknownName("no anchor " + std::string(name) + "; " + thingsAre(script));
}

Quantity findVariable(const Script& script, std::string_view name) {
    if (auto q = variable(script, name)) return *q;
    throw UnknownName("no variable " + std::string(name) + "; " + variablesAre(script));
}

Quantity findState(const Script& script, std::string_view name) {
    if (auto q = state(script, name)) return *q;
    throw UnknownName("no state " + std::string(name) + "; " + elementsAre(script));
}

Quantity findMoving(const Script& script, std::string_view name) {
    std::string_view head, tail;
    if (split(name, head, tail)) {
        if (auto q = anchor(script, name)) return *q;
        if (auto q = state(script, name)) return *q;
        throw UnknownName("no anchor or state " + std::string(name) + "; " + thingsAre(script) +
                          "; " + elementsAre(script));
    }
    if (auto q = thing(script, name)) return *q;
    if (auto q = variable(script, name)) return *q;
    throw UnknownName("no thing or variable " + std::string(name) + "; " + thingsAre(script) +
                      "; " + variablesAre(script));
}

Quantity findLoad(const Script& script, const std::vector<ForceEntry>& entries, Quantity::Kind kind,
                  std::string_view constraint, std::string_view thing) {
    if (script.masses.empty()) throw NoForces();
    Quantity q;
    q.kind = kind;
    const ForceEntry& entry = entryNamed(entries, constraint, q.entry);
    if (kind != Quantity::Kind::Power) q.thing = loadedThing(script, entry, thing);
    q.columns = kind == Quantity::Kind::Force ? 2 : 1;
    return q;
}

Quantity findEnergy(const Script& script) {
    if (script.masses.empty()) throw NoForces();
    Quantity q;
    q.kind = Quantity::Kind::Energy;
    q.columns = 2;
    return q;
}

Quantity findUnheld(const Script& script, std::string_view thing) {
    if (script.masses.empty()) throw NoForces();
    Quantity q = findThing(script, thing);
    q.kind = Quantity::Kind::Unheld;
    q.columns = 3;
    return q;
}

}  // namespace mv::python
