// Blocks of one angle, and perhaps one length, found in a tape and solved in closed form
// (solver/kinematics/harmonic_block.h), against their solutions worked out by hand:
// - a rod's end on the line y = 150, its pin at height `pin`: 100 sin α + pin - 150, whose roots
//   are asin((150 - pin) / 100) and π less that;
// - a crank of 30 driven by a vector of unknown length c at angle φ: 30 (cos θ, sin θ) - c (cos φ,
//   sin φ), solved by θ = φ, c = 30 and by θ = φ + π, c = -30.

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

#include "solver/kinematics/harmonic_block.h"

using namespace mv;
using Code = ExpressionTape::Code;

namespace {

constexpr double kPi = std::numbers::pi;

std::pair<double, double> cosSin(double angle) {
    return {std::cos(angle), std::sin(angle)};
}

// The rod's row: its pin's height (input 0) plus its end's offset [100, 0] turned by α, less 150.
struct RodOnLine {
    ExpressionTape tape{1};
    std::vector<int> rows;
    RodOnLine() {
        const int angle = tape.unknown(0);
        const int sin = tape.cosSin(angle).second;
        const int end =
            tape.binary(Code::Add, tape.input(0), tape.binary(Code::Mul, tape.constant(100), sin));
        rows = {tape.binary(Code::Sub, end, tape.constant(150))};
        tape.keepOnly(rows);
    }
    std::optional<HarmonicBlock::Solution> solve(double pin, double start) {
        const std::vector<double> inputs{pin};
        tape.setInputs(inputs.data());
        return HarmonicBlock::of(tape, rows, 0)->solve(tape.values(), start, cosSin);
    }
};

// The crank's two rows; `angleFirst`: whether θ is the tape's first unknown or c is. Its input:
// the drive's angle φ.
struct DrivenCrank {
    ExpressionTape tape{2};
    std::vector<int> rows;
    int angle;
    explicit DrivenCrank(bool angleFirst) : angle(angleFirst ? 0 : 1) {
        const int turn = tape.unknown(uint32_t(angle));
        const int length = tape.unknown(uint32_t(1 - angle));
        const auto [cos, sin] = tape.cosSin(turn);
        const auto [cosDrive, sinDrive] = tape.cosSin(tape.input(0));
        const int radius = tape.constant(30);
        for (const auto& [turned, drive] : {std::pair{cos, cosDrive}, std::pair{sin, sinDrive}})
            rows.push_back(tape.binary(Code::Sub, tape.binary(Code::Mul, radius, turned),
                                       tape.binary(Code::Mul, length, drive)));
        tape.keepOnly(rows);
    }
    std::optional<HarmonicBlock::Solution> solve(double drive, double start) {
        const std::vector<double> inputs{drive};
        tape.setInputs(inputs.data());
        return HarmonicBlock::of(tape, rows, angle)->solve(tape.values(), start, cosSin);
    }
};

}  // namespace

TEST_CASE("a rod's end on a line is solved for the rod's angle nearest where it was",
          "[solver][harmonic]") {
    RodOnLine rod;
    REQUIRE(HarmonicBlock::of(rod.tape, rod.rows, 0));
    const double rising = std::asin(0.3);  // the end to the right of the pin
    const auto right = rod.solve(120, 0.1);
    REQUIRE(right);
    CHECK(right->angle == Approx(rising).epsilon(1e-15));
    CHECK(right->detSign == 1);  // d/dα of 100 sin α there: 100 cos α > 0
    CHECK(right->rounding < 1e-13);
    const auto left = rod.solve(120, 3);
    REQUIRE(left);
    CHECK(left->angle == Approx(kPi - rising).epsilon(1e-15));
    CHECK(left->detSign == -1);
    // Whole turns on: the root nearest a start twelve turns along, as a turning crank's is.
    const auto turned = rod.solve(120, 24 * kPi + 0.2);
    REQUIRE(turned);
    CHECK(turned->angle == Approx(24 * kPi + rising).epsilon(1e-15));
    CHECK(turned->detSign == 1);
}

TEST_CASE("a crank driven by a vector of unknown length is solved for its angle and the length",
          "[solver][harmonic]") {
    const double drive = 2.5;
    for (const bool angleFirst : {true, false}) {
        INFO("the angle is the tape's " << (angleFirst ? "first" : "second") << " unknown");
        DrivenCrank crank(angleFirst);
        const auto block = HarmonicBlock::of(crank.tape, crank.rows, crank.angle);
        REQUIRE(block);
        CHECK(block->length() == 1 - crank.angle);
        CHECK_FALSE(HarmonicBlock::of(crank.tape, crank.rows, 1 - crank.angle));
        // The determinant of [[∂θ, ∂c]] is 30 cos(θ - φ): +30 at θ = φ, with θ first.
        const int sign = angleFirst ? 1 : -1;
        const auto along = crank.solve(drive, drive + 0.1);
        REQUIRE(along);
        CHECK(along->angle == Approx(drive).epsilon(1e-15));
        CHECK(along->length == Approx(30).epsilon(1e-15));
        CHECK(along->detSign == sign);
        const auto against = crank.solve(drive, drive + kPi - 0.1);
        REQUIRE(against);
        CHECK(against->angle == Approx(drive + kPi).epsilon(1e-15));
        CHECK(against->length == Approx(-30).epsilon(1e-15));
        CHECK(against->detSign == -sign);
    }
}

TEST_CASE("a row with no root, or at a dead centre, is left to Newton", "[solver][harmonic]") {
    RodOnLine rod;
    CHECK_FALSE(rod.solve(20, 0));    // the line 130 away from the pin
    CHECK_FALSE(rod.solve(50, 1.5));  // the rod upright: one root, doubled
    CHECK(rod.solve(50.1, 1.5));      // two, 0.09 rad apart
}

TEST_CASE(
    "rows in the angle otherwise than by its cos and sin, or not affine in the length, are "
    "not harmonic",
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
    for (const int row : {product, arc, quotient, doubled})
        CHECK_FALSE(HarmonicBlock::of(tape, std::vector<int>{row}, 0));
    REQUIRE(HarmonicBlock::of(tape, std::vector<int>{affine}, 0));
    // x = 6: 1.5 cos α + sin α = 0 at α = atan2(-1.5, 1) and π on from it.
    const std::vector<double> inputs{6};
    tape.setInputs(inputs.data());
    const auto at =
        HarmonicBlock::of(tape, std::vector<int>{affine}, 0)->solve(tape.values(), -1, cosSin);
    REQUIRE(at);
    CHECK(at->angle == Approx(std::atan2(-1.5, 1)).epsilon(1e-15));

    ExpressionTape two(2);  // the length times the angle's cos: a product of two unknowns
    const int turn = two.unknown(0);
    const int length = two.unknown(1);
    const int c = two.cosSin(turn).first;
    const std::vector<int> rows{two.binary(Code::Mul, length, c),
                                two.binary(Code::Sub, length, two.constant(1))};
    two.keepOnly(rows);
    CHECK_FALSE(HarmonicBlock::of(two, rows, 0));
}
