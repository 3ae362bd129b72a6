#pragma once
// What completion offers at the cursor, for the editor and the language server alike. After
// `Name.` the members of that thing (its anchors) or element (its states and parameters), and after
// a vector (`Crank.Q.`, `].`, `).`) the vector's members; elsewhere the script's names (things,
// elements, interactions, named variables) and the language's reserved names and functions
// (core/analysis/reserved_names.h). The names come from the last script that compiled, so a name
// typed since is offered once the text compiles again. Nothing is offered in a comment or a string.

#include <string>
#include <string_view>
#include <vector>

namespace mv {

struct Script;

struct CompletionCandidates {
    enum class Kind {
        Thing,
        Element,
        Interaction,
        Variable,
        Anchor,
        State,
        Parameter,
        Member,
        Reserved,
        Function
    };
    struct Candidate {
        std::string name;
        Kind kind;
        friend bool operator==(const Candidate&, const Candidate&) = default;
    };
    std::string prefix;                 // the part of the name typed so far
    std::vector<Candidate> candidates;  // sorted case-insensitively, each name once
    bool isMember = false;              // after a dot: worth offering before anything is typed

    std::vector<std::string> names() const;
};

// The properties a definition of the kind `kindWord` (`bar`, `pendulum`, …) takes, from the
// analyzers' own lists; none for an image (its anchors take any name).
std::vector<std::string> definitionProperties(std::string_view kindWord);

// `lineBeforeCursor` is the cursor's line up to the cursor (UTF-8).
CompletionCandidates completionCandidates(const Script* script, std::string_view lineBeforeCursor);

}  // namespace mv
