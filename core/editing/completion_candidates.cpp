#include "core/editing/completion_candidates.h"

#include <algorithm>
#include <cctype>

#include "core/analysis/element_analyzer.h"
#include "core/analysis/interaction_analyzer.h"
#include "core/analysis/machine_gravity_analyzer.h"
#include "core/analysis/mass_analyzer.h"
#include "core/analysis/reserved_names.h"
#include "core/analysis/thing_analyzer.h"
#include "core/editing/name_path.h"
#include "core/model/script.h"
#include "core/text/parser.h"

namespace mv {

namespace {

using Kind = CompletionCandidates::Kind;
using Candidate = CompletionCandidates::Candidate;

// docs/reference.md#structure-of-a-script: `.x .y .length .angle .rotate(a)`; the short forms are
// not offered.
std::vector<Candidate> vectorMembers() {
    std::vector<Candidate> members;
    for (const char* name : {"x", "y", "length", "angle", "rotate"})
        members.push_back(
            {name, name == std::string_view("rotate") ? Kind::Function : Kind::Member});
    return members;
}

// A `//` comment or an open string before the cursor (strings have no escapes).
bool inCommentOrString(std::string_view line) {
    bool inString = false;
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\'') inString = !inString;
        if (!inString && line.substr(i, 2) == "//") return true;
    }
    return inString;
}

bool isVectorState(const Element& element, const std::string& name) {
    const int state = element.stateIndex(name);
    return state >= 0 && element.states[state].type == ValueType::Vector;
}

// The members of what `path` names (["Crank"], ["Crank", "Q"], ["Ball", "x"]).
std::vector<Candidate> membersOf(const Script& script, const std::vector<std::string>& path) {
    std::vector<Candidate> names;
    if (path.empty()) return names;
    const std::string& head = path.front();
    if (const int t = script.thingIndex(head); t >= 0) {
        if (path.size() == 1)
            for (const Anchor& a : script.things[t].anchors)
                names.push_back({a.name, Kind::Anchor});
        else if (path.size() == 2 && script.things[t].anchorIndex(path[1]) >= 0)
            names = vectorMembers();
    } else if (const int e = script.elementIndex(head); e >= 0) {
        const Element& element = script.elements[e];
        if (path.size() == 1) {
            for (const ElementState& s : element.states) names.push_back({s.name, Kind::State});
            for (const ElementParameter& p : element.parameters)
                names.push_back({p.name, Kind::Parameter});
        } else if (path.size() == 2 && isVectorState(element, path[1])) {
            names = vectorMembers();
        }
    } else if (const int v = script.variableIndex(head); v >= 0 && path.size() == 1) {
        if (script.variables[v].type == ValueType::Vector) names = vectorMembers();
    }
    return names;
}

std::vector<Candidate> topLevelNames(const Script* script) {
    std::vector<Candidate> names;
    for (std::string_view name : reservedNames())
        names.push_back(
            {std::string(name), isFunctionName(name) ? Kind::Function : Kind::Reserved});
    if (!script) return names;
    for (const Thing& t : script->things) names.push_back({t.name, Kind::Thing});
    for (const Element& e : script->elements) names.push_back({e.name, Kind::Element});
    for (const Interaction& i : script->interactions) names.push_back({i.name, Kind::Interaction});
    for (const Variable& v : script->variables)
        if (!v.anonymous) names.push_back({v.name, Kind::Variable});
    return names;
}

std::string lowered(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

void sortAndDeduplicate(std::vector<Candidate>& candidates) {
    std::stable_sort(
        candidates.begin(), candidates.end(),
        [](const Candidate& a, const Candidate& b) { return lowered(a.name) < lowered(b.name); });
    std::vector<Candidate> unique;
    for (Candidate& c : candidates)
        if (std::none_of(unique.begin(), unique.end(),
                         [&](const Candidate& u) { return u.name == c.name; }))
            unique.push_back(std::move(c));
    candidates = std::move(unique);
}

std::vector<std::string> strings(const std::vector<std::string_view>& names) {
    return {names.begin(), names.end()};
}

}  // namespace

std::vector<std::string> definitionProperties(std::string_view kindWord) {
    const ast::DefinitionKind kind = definitionKindOf(kindWord);
    switch (kind) {
        case ast::DefinitionKind::Bar:
            return {kBarOptions.begin(), kBarOptions.end()};
        case ast::DefinitionKind::Pendulum:
        case ast::DefinitionKind::Point:
            return elementPropertyNames(kind);
        case ast::DefinitionKind::Swing:
        case ast::DefinitionKind::Reflection:
            return strings(interactionPropertyNames(kind));
        case ast::DefinitionKind::Gravity: {
            // With a target it pulls a point, without one every mass: offer what either takes.
            std::vector<std::string> names = strings(interactionPropertyNames(kind));
            for (std::string_view name : machineGravityPropertyNames())
                if (std::find(names.begin(), names.end(), name) == names.end())
                    names.emplace_back(name);
            return names;
        }
        case ast::DefinitionKind::Mass:
            return strings(massPropertyNames());
        default:
            return {};
    }
}

std::vector<std::string> CompletionCandidates::names() const {
    std::vector<std::string> result;
    for (const Candidate& c : candidates) result.push_back(c.name);
    return result;
}

CompletionCandidates completionCandidates(const Script* script, std::string_view line) {
    CompletionCandidates result;
    if (inCommentOrString(line)) return result;
    const std::vector<std::string> typed = namePathAt(line, line.size());
    // The name being typed is the last part of the path; a path of one after a dot is a member
    // of something that is not a name (`[1,0].`).
    result.prefix = typed.empty() ? std::string() : typed.back();
    const auto dot = static_cast<long>(line.size() - result.prefix.size()) - 1;
    const auto at = [&](long i) { return line[static_cast<size_t>(i)]; };
    if (result.prefix.empty() && dot >= 0 && std::isdigit(static_cast<unsigned char>(at(dot))))
        return result;
    result.isMember = dot >= 0 && at(dot) == '.';
    if (!result.isMember) {
        result.candidates = topLevelNames(script);
    } else if (const auto owner = namePathAt(line, static_cast<size_t>(dot)); !owner.empty()) {
        if (script) result.candidates = membersOf(*script, owner);
    } else if (dot > 0 && (at(dot - 1) == ']' || at(dot - 1) == ')')) {
        result.candidates = vectorMembers();
    }
    sortAndDeduplicate(result.candidates);
    return result;
}

}  // namespace mv
