#include "ui/completion_candidates.h"

#include <algorithm>

#include "core/reserved_names.h"
#include "core/script.h"
#include "ui/name_at.h"

namespace mv {

namespace {

QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// LANGUAGE.md §3: `.x .y .length .angle .rotate(a)`; the short forms are not offered.
const QStringList kVectorMembers = {"x", "y", "length", "angle", "rotate"};

// A `//` comment or an open string before the cursor (strings have no escapes).
bool inCommentOrString(const QString& line) {
    bool inString = false;
    for (int i = 0; i < line.size(); ++i) {
        if (line[i] == '\'') inString = !inString;
        if (!inString && line.mid(i, 2) == QStringLiteral("//")) return true;
    }
    return inString;
}

bool isVectorState(const Element& element, const QString& name) {
    const int state = element.stateIndex(name.toStdString());
    return state >= 0 && element.states[state].type == ValueType::Vector;
}

// The members of what `path` names (["Crank"], ["Crank", "Q"], ["Ball", "x"]).
QStringList membersOf(const Script& script, const QStringList& path) {
    QStringList names;
    if (path.isEmpty()) return names;
    const std::string head = path.front().toStdString();
    if (const int t = script.thingIndex(head); t >= 0) {
        if (path.size() == 1)
            for (const Anchor& a : script.things[t].anchors) names << text(a.name);
        else if (path.size() == 2 && script.things[t].anchorIndex(path[1].toStdString()) >= 0)
            names = kVectorMembers;
    } else if (const int e = script.elementIndex(head); e >= 0) {
        const Element& element = script.elements[e];
        if (path.size() == 1) {
            for (const ElementState& s : element.states) names << text(s.name);
            for (const ElementParameter& p : element.parameters) names << text(p.name);
        } else if (path.size() == 2 && isVectorState(element, path[1])) {
            names = kVectorMembers;
        }
    } else if (const int v = script.variableIndex(head); v >= 0 && path.size() == 1) {
        if (script.variables[v].type == ValueType::Vector) names = kVectorMembers;
    }
    return names;
}

QStringList topLevelNames(const Script* script) {
    QStringList names;
    for (std::string_view name : reservedNames()) names << text(name);
    if (!script) return names;
    for (const Thing& t : script->things) names << text(t.name);
    for (const Element& e : script->elements) names << text(e.name);
    for (const Interaction& i : script->interactions) names << text(i.name);
    for (const Variable& v : script->variables)
        if (!v.anonymous) names << text(v.name);
    return names;
}

}  // namespace

CompletionCandidates completionCandidates(const Script* script, const QString& lineBeforeCursor) {
    CompletionCandidates result;
    if (inCommentOrString(lineBeforeCursor)) return result;
    const QStringList typed = namePathAt(lineBeforeCursor, int(lineBeforeCursor.size()));
    // The name being typed is the last part of the path; a path of one after a dot is a member
    // of something that is not a name (`[1,0].`).
    result.prefix = typed.isEmpty() ? QString() : typed.back();
    const int dot = int(lineBeforeCursor.size() - result.prefix.size()) - 1;
    if (result.prefix.isEmpty() && dot >= 0 && lineBeforeCursor[dot].isDigit()) return result;
    result.isMember = dot >= 0 && lineBeforeCursor[dot] == '.';
    if (!result.isMember) {
        result.names = topLevelNames(script);
    } else if (const QStringList owner = namePathAt(lineBeforeCursor, dot); !owner.isEmpty()) {
        if (script) result.names = membersOf(*script, owner);
    } else if (dot > 0 && (lineBeforeCursor[dot - 1] == ']' || lineBeforeCursor[dot - 1] == ')')) {
        result.names = kVectorMembers;
    }
    result.names.removeDuplicates();
    std::sort(result.names.begin(), result.names.end(), [](const QString& a, const QString& b) {
        return QString::compare(a, b, Qt::CaseInsensitive) < 0;
    });
    return result;
}

}  // namespace mv
