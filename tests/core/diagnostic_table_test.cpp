// The table of diagnostics (core/diagnostics/diagnostic_table.h): messages fill their placeholders
// by name, ids are unique, and docs/diagnostics.md is the table as a user reads it. The page is
// generated here: when the table changes, run this test with MOVIMENTUM_UPDATE_DOCS=1 to write it
// again.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/diagnostics/diagnostic.h"

using namespace mv;

namespace {

const char* kindName(DiagnosticKind kind) {
    switch (kind) {
        case DiagnosticKind::Script:
            return "the script";
        case DiagnosticKind::ImageFile:
            return "an image file";
        case DiagnosticKind::Conflict:
        case DiagnosticKind::ConflictNote:
            return "a conflict";
        case DiagnosticKind::Freedom:
            return "a free thing";
        case DiagnosticKind::DeadCentre:
            return "a dead centre";
        case DiagnosticKind::SubstepLimit:
            return "the path tracking";
        case DiagnosticKind::Mechanics:
            return "the mechanics";
        case DiagnosticKind::SolverOptions:
            return "the solver's options";
        case DiagnosticKind::Forces:
            return "the forces";
    }
    return "";
}

// A message as the page shows it: each {name} as ‹name›, and outside `code` the characters that
// Markdown would read (a table's pipe, emphasis) escaped.
std::string shown(std::string_view format) {
    std::string text;
    bool code = false;
    for (const char c : format) {
        code = code != (c == '`');
        if (c == '{') {
            text += "‹";
        } else if (c == '}') {
            text += "›";
        } else if (!code && (c == '|' || c == '*' || c == '_')) {
            text += {'\\', c};
        } else {
            text += c;
        }
    }
    return text;
}

std::string diagnosticsPage() {
    std::ostringstream page;
    page
        << "# Diagnostics\n\n"
           "Every message that `movimentum check` and `solve`, the editor and the language "
           "server report,\nby id (the language server's `code`). ‹name› stands for what the "
           "message names: a thing,\nan anchor, a number. The annotated language tests "
           "(tests/language/) expect diagnostics by\nthese ids. "
           "[troubleshooting.md](troubleshooting.md) explains the common ones.\n\n"
           "A message about an unknown name (a thing, an anchor, an element, a state or parameter, "
           "a function,\na kind, a property, a member) ends in \"; did you mean '‹name›'?\" when a "
           "defined name differs from it\nonly in case or by at most two edits (one for a name of "
           "two or three characters, none for\na single letter); the language server offers the "
           "replacement as a quick fix.\n\n"
           "This page is generated from `core/diagnostics/diagnostic_table.h` by "
           "`tests/core/diagnostic_table_test.cpp`\n(run it with `MOVIMENTUM_UPDATE_DOCS=1` after "
           "changing the table).\n\n"
           "| id | severity | about | message |\n|---|---|---|---|\n";
    for (const DiagnosticEntry& entry : kDiagnosticTable)
        page << "| `" << entry.id << "` | " << severityName(entry.severity) << " | "
             << kindName(entry.kind) << " | " << shown(entry.format) << " |\n";
    return page.str();
}

}  // namespace

TEST_CASE("a message fills each placeholder by name, in the order the names first appear",
          "[diagnostics]") {
    CHECK(fillIn("{name} is a function: call it as {name}(…)", {"cos"}) ==
          "cos is a function: call it as cos(…)");
    CHECK(fillIn("unknown anchor '{anchor}' of {thing}", {"R", "Arm"}) ==
          "unknown anchor 'R' of Arm");
    CHECK(fillIn("no placeholder", {}) == "no placeholder");
    const DiagnosticMessage message = diag<DiagnosticId::ThingAsValue>("Arm");
    CHECK(message.id == DiagnosticId::ThingAsValue);
    CHECK(message.text == "Arm is a thing, not a value; name one of its anchors, as in Arm.P");
}

TEST_CASE("a diagnostic takes its severity and kind from the table", "[diagnostics]") {
    const Diagnostic warning =
        makeDiagnostic({3, 4}, diag<DiagnosticId::DontCareFreesNothing>(), {}, {ThingId{2}});
    CHECK(warning.severity == Severity::Warning);
    CHECK(warning.kind == DiagnosticKind::Script);
    CHECK(warning.range.begin == 3);
    CHECK(warning.things == std::vector<ThingId>{ThingId{2}});
    const Diagnostic note = makeDiagnostic({}, diag<DiagnosticId::ConflictSupport>("4"));
    CHECK(note.severity == Severity::Note);
    CHECK(note.kind == DiagnosticKind::ConflictNote);
    CHECK(note.message == "fixes what the constraint on line 4 needs");
}

TEST_CASE("every id is unique and every placeholder is closed", "[diagnostics]") {
    std::set<std::string_view> ids;
    for (const DiagnosticEntry& entry : kDiagnosticTable) {
        INFO(entry.id);
        CHECK(ids.insert(entry.id).second);
        int depth = 0;
        bool nested = false;
        for (const char c : entry.format) {
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            nested = nested || depth < 0 || depth > 1;
        }
        CHECK_FALSE(nested);
        CHECK(depth == 0);
    }
}

TEST_CASE("docs/diagnostics.md is the table of diagnostics", "[diagnostics][docs]") {
    const std::string path = MOVIMENTUM_SOURCE_DIR "/docs/diagnostics.md";
    const std::string expected = diagnosticsPage();
    // Updating writes the page and checks only that it was written: read back, it would be
    // compared with itself.
    if (std::getenv("MOVIMENTUM_UPDATE_DOCS")) {
        std::ofstream out(path, std::ios::binary);
        out << expected;
        out.close();
        REQUIRE_FALSE(out.fail());
        return;
    }
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    INFO("run this test with MOVIMENTUM_UPDATE_DOCS=1 to write docs/diagnostics.md again");
    CHECK(text.str() == expected);
}
