#pragma once
// What every part of the analyzer shares while it turns one syntax tree into a Script: the source
// (for "at 12:3" in messages), the diagnostics sink and the table of defined names. Borrowed
// references only; the analyzer that owns them outlives every user.

#include <map>
#include <string>
#include <string_view>

#include "core/diagnostics/diagnostic.h"
#include "core/text/source_text.h"

namespace mv {

// A name given by a definition: a thing, an element, an interaction, a mass or the machine's
// gravity (a `.gravity` without a target), with its index in the Script's list of that kind (for
// the machine's gravity, the how-manyth it is: only the first counts). `Broken` names a definition
// of unknown kind: references to it are silently invalid, since the parser already reported the
// definition.
struct DefinedName {
    enum class Category { Thing, Element, Interaction, Mass, MachineGravity, Broken };
    Category category = Category::Broken;
    uint32_t index = 0;
    SourceRange nameRange;
};

using DefinedNames = std::map<std::string, DefinedName, std::less<>>;

struct AnalysisContext {
    const SourceText& source;
    Diagnostics& diagnostics;
    DefinedNames names;

    void report(SourceRange range, DiagnosticMessage message) {
        diagnostics.report(range, std::move(message));
    }
    // "12:3", the line and column where `range` starts.
    std::string at(SourceRange range) const {
        const LineColumn lc = source.location(range.begin);
        return std::to_string(lc.line) + ":" + std::to_string(lc.column);
    }
    const DefinedName* find(std::string_view name) const {
        const auto it = names.find(name);
        return it == names.end() ? nullptr : &it->second;
    }
};

}  // namespace mv
