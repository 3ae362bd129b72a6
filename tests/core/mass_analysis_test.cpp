// The masses and the machine's gravity as the analyzer leaves them in the Script
// (docs/reference.md#masses-and-forces): each mass's thing, mass, moment of inertia and centre in
// the thing's body frame, and the gravity's g and scale. The expected inertia of a mass spread
// along a bar is worked out here from the rule, segment by segment, not copied from the code.

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

#include "core/compile.h"
#include "tests/support/disk_images.h"

using namespace mv;

namespace {

// Compiles a script that must have no diagnostics at all; images come from the language examples.
std::shared_ptr<const Script> compileClean(const std::string& text) {
    const CompileResult result =
        compileScript(std::make_shared<const SourceText>("test.movimentum", text),
                      test::DiskImages(MOVIMENTUM_SOURCE_DIR "/tests/language/examples"));
    for (const Diagnostic& d : result.diagnostics) FAIL_CHECK(d.message);
    REQUIRE(result.script);
    return result.script;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

const Mass& massNamed(const Script& script, const std::string& name) {
    for (const Mass& mass : script.masses)
        if (mass.name == name) return mass;
    FAIL("no mass " << name);
    return script.masses.front();
}

// One straight piece of a bar, in model units, and its share of the inertia about `centre`:
// m_s (L_s²/12 + d_s²), lengths in metres.
double segmentInertia(Vec2 a, Vec2 b, Vec2 centre, double massPerUnit, double unitsPerMetre) {
    const double length = (b - a).length();
    const double metres = length / unitsPerMetre;
    const double offset = ((a + b) * 0.5 - centre).length() / unitsPerMetre;
    return massPerUnit * length * (metres * metres / 12 + offset * offset);
}

void checkVec(Vec2 actual, Vec2 expected) {
    CHECK(actual.x == Approx(expected.x).margin(1e-12));
    CHECK(actual.y == Approx(expected.y).margin(1e-12));
}

}  // namespace

TEST_CASE("the slider-crank's masses sit where their definitions put them", "[masses]") {
    const auto script = compileClean(
        readFile(MOVIMENTUM_SOURCE_DIR "/tests/language/forces/slider_crank.movimentum"));
    REQUIRE(script->masses.size() == 3);

    const Mass& crank = script->masses[0];
    CHECK(crank.name == "CrankMass");
    CHECK(crank.target == ThingId{script->thingIndex("Crank")});
    CHECK(crank.mass == 0.2);
    CHECK(crank.inertia == 1.5e-4);  // as written
    checkVec(crank.centre, {0, 0});  // at = Crank.O

    // Spread along the rod, 200 mm = 0.2 m at 1000 units to the metre: a uniform rod.
    const Mass& rod = script->masses[1];
    CHECK(rod.name == "RodMass");
    CHECK(rod.target == ThingId{script->thingIndex("Rod")});
    CHECK(rod.mass == 0.3);
    checkVec(rod.centre, {100, 0});
    CHECK(rod.inertia == Approx(0.3 * 0.2 * 0.2 / 12).epsilon(1e-12));

    // Two pieces of 25 mm about the middle anchor: together a rod of 50 mm.
    const Mass& slider = script->masses[2];
    CHECK(slider.target == ThingId{script->thingIndex("Slider")});
    CHECK(slider.mass == 0.5);
    checkVec(slider.centre, {0, 0});
    CHECK(slider.inertia == Approx(0.5 * 0.05 * 0.05 / 12).epsilon(1e-12));

    CHECK(script->gravity.name == "Earth");
    CHECK(script->gravity.g == Vec2{0, -9.81});
    CHECK(script->gravity.scale == 1000);
}

TEST_CASE("a mass spread along a bar of two anchors is a uniform rod", "[masses]") {
    const auto script = compileClean(
        "Earth : .gravity scale = 1000;\n"
        "Rod : .bar A = [0,0] B = [200,0] width = 40;\n"
        "RodMass : .mass target = Rod m = 0.6;\n");
    const Mass& mass = script->masses[0];
    checkVec(mass.centre, {100, 0});
    const double length = 0.2;  // metres; the width never counts
    CHECK(mass.inertia == Approx(0.6 * length * length / 12).epsilon(1e-12));
}

TEST_CASE("a mass spread along a bent bar sits at the centroid of its pieces", "[masses]") {
    // Without a gravity the scale is 100 units to the metre.
    const auto script = compileClean(
        "Ell : .bar A = [0,0] B = [100,0] C = [100,100];\n"
        "EllMass : .mass target = Ell m = 2;\n");
    const Mass& mass = script->masses[0];
    // Each piece is half the length, so the centroid is the mean of the middles (50,0), (100,50).
    const Vec2 centroid{75, 25};
    checkVec(mass.centre, centroid);
    const double perUnit = 2.0 / 200;
    const double expected = segmentInertia({0, 0}, {100, 0}, centroid, perUnit, 100) +
                            segmentInertia({100, 0}, {100, 100}, centroid, perUnit, 100);
    // By hand: each piece 1 kg, 1 m long, its middle √(0.25² + 0.25²) m from the centroid.
    CHECK(expected == Approx(2 * (1.0 / 12 + 0.125)).epsilon(1e-12));
    CHECK(mass.inertia == Approx(expected).epsilon(1e-12));
}

TEST_CASE("unequal pieces weigh by their lengths", "[masses]") {
    const auto script = compileClean(
        "Hook : .bar A = [0,0] B = [300,0] C = [300,100];\n"
        "HookMass : .mass target = Hook m = 4;\n");
    const Mass& mass = script->masses[0];
    // Middles (150,0) with 300 and (300,50) with 100, over 400.
    const Vec2 centroid{(150 * 300 + 300 * 100) / 400.0, (0 * 300 + 50 * 100) / 400.0};
    checkVec(mass.centre, centroid);
    const double perUnit = 4.0 / 400;
    CHECK(mass.inertia == Approx(segmentInertia({0, 0}, {300, 0}, centroid, perUnit, 100) +
                                 segmentInertia({300, 0}, {300, 100}, centroid, perUnit, 100))
                              .epsilon(1e-12));
}

TEST_CASE("a bar of one anchor holds its mass at that anchor, without inertia", "[masses]") {
    const auto script = compileClean(
        "Dot : .bar P = [30,-40];\n"
        "DotMass : .mass target = Dot m = 1;\n");
    checkVec(script->masses[0].centre, {30, -40});
    CHECK(script->masses[0].inertia == 0);
}

TEST_CASE("at puts the centre on an anchor or a point, with no inertia unless written",
          "[masses]") {
    const auto script = compileClean(
        "Crank : .bar O = [0,0] A = [50,10];\n"
        "Wheel : 'crank.png' P = [20,20] Q = P+[0,30];\n"
        "OnPin : .mass target = Crank m = 1 at = Crank.A;\n"
        "OnPoint : .mass target = Crank m = 1 at = [25, 5] * 2;\n"
        "OnWheel : .mass target = Wheel m = 1 at = Wheel.Q;\n"
        "InPicture : .mass target = Wheel m = 1 at = [20, 35] J = 2e-3;\n");
    const Mass& pin = massNamed(*script, "OnPin");
    checkVec(pin.centre, {50, 10});
    CHECK(pin.inertia == 0);
    checkVec(massNamed(*script, "OnPoint").centre, {50, 10});
    // An image's anchors and points are pixels, y down; the body frame has y up.
    const Mass& wheel = massNamed(*script, "OnWheel");
    CHECK(wheel.target == ThingId{script->thingIndex("Wheel")});
    checkVec(wheel.centre, {20, -50});
    const Mass& picture = massNamed(*script, "InPicture");
    checkVec(picture.centre, {20, -35});
    CHECK(picture.inertia == 2e-3);
}

TEST_CASE("a written J replaces the inertia a bar would give", "[masses]") {
    const auto script = compileClean(
        "Rod : .bar A = [0,0] B = [200,0];\n"
        "Given : .mass target = Rod m = 0.3 J = 0.5;\n"
        "None : .mass target = Rod m = 0.3 J = 0;\n");
    CHECK(script->masses[0].inertia == 0.5);
    checkVec(script->masses[0].centre, {100, 0});
    CHECK(script->masses[1].inertia == 0);
}

TEST_CASE("masses keep their definition order and may come before their things", "[masses]") {
    const auto script = compileClean(
        "Second : .mass target = B m = 2 at = B.P;\n"
        "A : .bar P = [0,0];\n"
        "B : .bar P = [0,0];\n"
        "First : .mass target = A m = 1 at = A.P;\n");
    REQUIRE(script->masses.size() == 2);
    CHECK(script->masses[0].name == "Second");
    CHECK(script->masses[0].target == ThingId{1});
    CHECK(script->masses[1].name == "First");
    CHECK(script->masses[1].target == ThingId{0});
}

TEST_CASE("the machine's gravity is the .gravity without a target", "[masses]") {
    const auto script = compileClean(
        "Crank : .bar O = [0,0] A = [50,0];\n"
        "CrankMass : .mass target = Crank m = 0.2;\n"
        "Moon : .gravity g = [0.5, -1.62] scale = 50;\n");
    CHECK(script->gravity.name == "Moon");
    CHECK(script->gravity.g == Vec2{0.5, -1.62});
    CHECK(script->gravity.scale == 50);
    CHECK(script->gravity.range.begin == script->source->text().find("Moon"));
    CHECK(script->interactions.empty());
    // 50 units to the metre: the crank is 1 m long.
    CHECK(script->masses[0].inertia == Approx(0.2 / 12).epsilon(1e-12));
}

TEST_CASE("a machine gravity without g is Earth's, at 100 units to the metre", "[masses]") {
    const auto script = compileClean(
        "Crank : .bar O = [0,0] A = [50,0];\n"
        "CrankMass : .mass target = Crank m = 0.2;\n"
        "Earth : .gravity;\n");
    CHECK(script->gravity.g == Vec2{0, -9.81});
    CHECK(script->gravity.scale == 100);
}

TEST_CASE("without a machine gravity nothing pulls and a metre is 100 units", "[masses]") {
    const auto script = compileClean(
        "Ball : .point;\n"
        "Fall : .gravity target = Ball g = [0, -3];\n");
    CHECK(script->gravity.name.empty());
    CHECK(script->gravity.g == Vec2{0, 0});
    CHECK(script->gravity.scale == 100);
    // A gravity with a target is the interaction it always was.
    REQUIRE(script->interactions.size() == 1);
    CHECK(script->interactions[0].kind == Interaction::Kind::Gravity);
    CHECK(script->interactions[0].gravity == Vec2{0, -3});
    CHECK(script->masses.empty());
}
