// "Did you mean" (core/diagnostics/name_suggestion.h): which defined name an unknown one suggests,
// and how the suggestion rides on the message. The annotated scripts under
// tests/language/suggestions/ check it at each kind of name the analyzer reports.

#include <catch2/catch.hpp>

#include "core/diagnostics/name_suggestion.h"

using namespace mv;

namespace {

std::string closest(std::string_view written, const std::vector<std::string_view>& candidates) {
    return std::string(closestName(written, candidates).value_or("(none)"));
}

}  // namespace

TEST_CASE("a name within two edits suggests the closest candidate", "[suggestion]") {
    const std::vector<std::string_view> things = {"Crank", "Rod", "Piston"};
    CHECK(closest("Crnk", things) == "Crank");    // a deletion
    CHECK(closest("Cranky", things) == "Crank");  // an insertion
    CHECK(closest("Crnak", things) == "Crank");   // a swap of neighbours counts one edit
    CHECK(closest("Pistol", things) == "Piston");
    CHECK(closest("Crxyz", things) == "(none)");  // three edits
    CHECK(closest("clmap", {"clamp", "lerp"}) == "clamp");
    // Long names: a swap late in the name is still found, three more letters are too many.
    CHECK(closest("positionsLeftOf", {"positionsLetfOf"}) == "positionsLetfOf");
    CHECK(closest("position", {"positionXYZ"}) == "(none)");
    CHECK(closest("abXYcdef", {"abcdefgh"}) == "(none)");
    // The fewest edits wins over the order of the candidates.
    CHECK(closest("Tip2", {"Top", "Tip"}) == "Tip");
}

TEST_CASE("a difference in case alone always suggests, even for one letter", "[suggestion]") {
    CHECK(closest("p", {"Q", "P"}) == "P");
    CHECK(closest("CRANK", {"Crane", "Crank"}) == "Crank");
}

TEST_CASE("short names allow fewer edits, and a known name suggests nothing", "[suggestion]") {
    CHECK(closest("R", {"P", "Q"}) == "(none)");  // every letter is one edit from every other
    CHECK(closest("Bb", {"Bob"}) == "Bob");       // two letters allow one edit
    CHECK(closest("Xy", {"Bob"}) == "(none)");
    CHECK(closest("Crank", {"Crank", "crank"}) == "(none)");
    CHECK(closest("anything", {}) == "(none)");
}

TEST_CASE("the suggestion goes into the message and onto the diagnostic", "[suggestion]") {
    const DiagnosticMessage message =
        suggestName(diag<DiagnosticId::UnknownThing>("Crnk"), "Crnk", {"Crank", "Rod"});
    CHECK(message.text == "unknown thing 'Crnk'; did you mean 'Crank'?");
    const Diagnostic diagnostic = makeDiagnostic({10, 14}, message);
    CHECK(diagnostic.suggestion == "Crank");
    const DiagnosticMessage none =
        suggestName(diag<DiagnosticId::UnknownThing>("Wheel"), "Wheel", {"Crank"});
    CHECK(none.text == "unknown thing 'Wheel'");
    CHECK(none.suggestion.empty());
}
