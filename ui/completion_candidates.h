#pragma once
// What completion offers at the cursor. After `Name.` the members of that thing (its anchors) or
// element (its states and parameters), and after a vector (`Crank.Q.`, `].`, `).`) the vector's
// members; elsewhere the script's names (things, elements, interactions, named variables) and the
// language's reserved names and functions (core/reserved_names.h). The names come from the last
// script that compiled, the one the live preview shows, so a name typed since is offered once the
// text compiles again. Nothing is offered in a comment or a string.

#include <QStringList>

namespace mv {

struct Script;

struct CompletionCandidates {
    QString prefix;         // the part of the name typed so far
    QStringList names;      // what may complete it, sorted case-insensitively
    bool isMember = false;  // after a dot: worth offering before anything is typed
};

// `lineBeforeCursor` is the text of the cursor's line up to the cursor.
CompletionCandidates completionCandidates(const Script* script, const QString& lineBeforeCursor);

}  // namespace mv
