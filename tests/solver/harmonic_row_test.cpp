// A row in one angle, A cos α + B sin α + C, found in a tape and solved in closed form
// (solver/kinematics/harmonic_row.h): a rod's end on the line y = 150, its pin at height `pin`,
// is 100 sin α + pin - 150, whose roots are asin((150 - pin) / 100) and π less that.

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <vector>

#include "solver/kinematics/harmonic_row.h"

using namespace mv;
using Code = ExpressionTape::Code;

namespace {

constexpr double kPi = std::numbers::pi;

// The rod's row: its pin's height (input 0) plus its end's offset [100, 0] turned by α, less 150.
struct RodOnLine {
    ExpressionTape tape{1};
    int row = -1;
    RodOnLine() {
        const int angle = tape.unknown(0);
        const int sin = tape.cosSin(angle).second;
        const int end =
            tape.binary(Code::Add, tape.input(0), tape.binary(Code::Mul, tape.constant(100), sin));
        row = tape.binary(Code::Sub, end, tape.constant(150));
        tape.keepOnly({row});
    }
    std::optional<HarmonicRow::Root> solve(double pin, double start) {
        const std::vector<double> inputs{pin};
        tape.setInputs(inputs.data());
        return HarmonicRow::of(tape, row)->solve(tape.values(), start);
    }
};

}  // namespace

TEST_CASE("a rod's end on a line is solved for the rod's angle nearest where it was",
          "[solver][harmonic]") {
    RodOnLine rod;
    REQUIRE(HarmonicRow::of(rod.tape, rod.row));
    const double rising = std::asin(0.3);  // the end to the right of the pin
    const auto right = rod.solve(120, 0.1);
    REQUIRE(right);
    CHECK(right->angle == Approx(rising).epsilon(1e-15));
    CHECK(right->slope == 1);  // d/dα of 100 sin α there: 100 cos α > 0
    CHECK(right->rounding < 1e-13);
    const auto left = rod.solve(120, 3);
    REQUIRE(left);
    CHECK(left->angle == Approx(kPi - rising).epsilon(1e-15));
    CHECK(left->slope == -1);
    // Whole turns on: the root nearest a start twelve turns along, as a turning crank's is.
    const auto turned = rod.solve(120, 24 * kPi + 0.2);
    REQUIRE(turned);
    CHECK(turned->angle == Approx(24 * kPi + rising).epsilon(1e-15));
    CHECK(turned->slope == 1);
}

TEST_CASE("a row with no root, or at a dead centre, is left to Newton", "[solver][harmonic]") {
    RodOnLine rod;
    CHECK_FALSE(rod.solve(20, 0));    // the line 130 away from the pin
    CHECK_FALSE(rod.solve(50, 1.5));  // the rod upright: one root, doubled
    CHECK(rod.solve(50.1, 1.5));      // two, 0.09 rad apart
}

TEST_CASE("a row in the angle otherwise than by its cos and sin, each once, is not harmonic",
          "[solver][harmonic]") {
    ExpressionTape tape(1);
    const int angle = tape.unknown(0);
    const auto [cos, sin] = tape.cosSin(angle);
    const int product = tape.binary(Code::Mul, cos, sin);                // sin 2α / 2
    const int arc = tape.binary(Code::Add, angle, sin);                  // α itself
    const int quotient = tape.binary(Code::Div, tape.constant(1), cos);  // sec α
    const int doubled = tape.cosSin(tape.binary(Code::Mul, tape.constant(2), angle)).first;
    const int affine = tape.binary(
        Code::Sub,
        tape.binary(Code::Div, tape.binary(Code::Mul, tape.input(0), cos), tape.constant(4)),
        tape.binary(Code::Neg, sin, sin));  // x cos α / 4 + sin α
    tape.keepOnly({product, arc, quotient, doubled, affine});
    for (const int row : {product, arc, quotient, doubled}) CHECK_FALSE(HarmonicRow::of(tape, row));
    REQUIRE(HarmonicRow::of(tape, affine));
    // x = 6: 1.5 cos α + sin α = 0 at α = atan2(-1.5, 1) and π on from it.
    const std::vector<double> inputs{6};
    tape.setInputs(inputs.data());
    const auto at = HarmonicRow::of(tape, affine)->solve(tape.values(), -1);
    REQUIRE(at);
    CHECK(at->angle == Approx(std::atan2(-1.5, 1)).epsilon(1e-15));

    ExpressionTape two(2);  // two unknowns: a block of one angle has one
    const int turn = two.cosSin(two.unknown(0)).first;
    const int both = two.binary(Code::Add, turn, two.unknown(1));
    two.keepOnly({both});
    CHECK_FALSE(HarmonicRow::of(two, both));
}
