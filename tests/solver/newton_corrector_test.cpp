// NewtonCorrector on equations whose solutions are known: a circle cut by a line (x = ±3 where
// x² + y² = 25 meets y = 4), a line of solutions (x + y = 2), and the saddle between the two
// branches (x = 0, where the Jacobian is singular).

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <vector>

#include "solver/kinematics/newton_corrector.h"
#include "solver/kinematics/solver_constants.h"
#include "variable_problem.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

const char* const kCircleAndLine = "@0\n  [x, y].length = 5;\n  y = 4;\n";

}  // namespace

TEST_CASE("Newton lands on the branch it starts nearest and reports its determinant's sign",
          "[solver][newton]") {
    VariableProblem p(kCircleAndLine);
    NewtonCorrector newton(*p.block, std::vector<double>{1, 1});
    // d/dx of the length is x / 5: the determinant's sign is the sign of x.
    for (const double side : {1.0, -1.0}) {
        std::vector<double> x = p.point({{"x", 2 * side}, {"y", 5}});
        const CorrectorResult result = newton.correct(x, 20, 1);
        CHECK(result.termination == Termination::Converged);
        CHECK(result.detSign == int(side));
        CHECK(p.at(x, "x") == Approx(3 * side).margin(1e-12));
        CHECK(p.at(x, "y") == Approx(4).margin(1e-12));
        CHECK(result.worst <= kConverged);
    }
}

TEST_CASE("Newton converges quadratically near a regular solution", "[solver][newton]") {
    VariableProblem p(kCircleAndLine);
    NewtonCorrector newton(*p.block, std::vector<double>{1, 1});
    // From 0.1 off, the errors go 1e-1, 1e-3, 1e-7, 1e-15: four corrections, where a linearly
    // converging method would need dozens.
    std::vector<double> x = p.point({{"x", 3.1}, {"y", 4}});
    const CorrectorResult result = newton.correct(x, 20, 1);
    CHECK(result.termination == Termination::Converged);
    CHECK(result.iterations <= 4);
    CHECK(p.at(x, "x") == Approx(3).margin(1e-13));
}

TEST_CASE("Corrections that do not contract stop with no progress", "[solver][newton]") {
    VariableProblem p(kCircleAndLine);
    NewtonCorrector newton(*p.block, std::vector<double>{1, 1});
    // Next to the saddle the first correction throws x out to about 400 and the second brings it
    // back by about as much: far from the contraction a path tracker asks for.
    std::vector<double> x = p.point({{"x", 0.01}, {"y", 4}});
    CHECK(newton.correct(x, 50, 0.5).termination == Termination::NoProgress);
    // Allowed any contraction, the same start still converges, on the side it started.
    x = p.point({{"x", 0.01}, {"y", 4}});
    const CorrectorResult result = newton.correct(x, 50, 1e9);
    CHECK(result.termination == Termination::Converged);
    CHECK(p.at(x, "x") == Approx(3).margin(1e-12));
}

TEST_CASE("At the saddle the determinant is singular and Newton stops at the compromise",
          "[solver][newton]") {
    VariableProblem p(kCircleAndLine);
    NewtonCorrector newton(*p.block, std::vector<double>{1, 1});
    std::vector<double> x = p.point({{"x", 0}, {"y", 4}});
    const CorrectorResult result = newton.correct(x, 20, 1);
    CHECK(result.detSign == 0);
    // Both rows see only y there (|y| = 5 and y = 4): the steps of least length settle at their
    // least-squares compromise y = 4.5, and x cannot move off the saddle. The corrector's steps
    // converged, so it says so; that the rows do not hold is in `worst`, which its callers check.
    CHECK(p.at(x, "x") == 0);
    CHECK(p.at(x, "y") == Approx(4.5).margin(1e-9));
    CHECK(result.worst == Approx(0.5).margin(1e-9));
}

TEST_CASE("With fewer rows than unknowns Newton takes the weighted step of least length",
          "[solver][newton]") {
    VariableProblem p("@0\n  x + y = 2;\n");
    // From (5, -1) the row asks for -2 in x + y. With equal weights the shortest step is
    // (-1, -1); weighing y twice as much (an angle's lever) makes y four times as dear to move.
    SECTION("equal weights") {
        NewtonCorrector newton(*p.block, std::vector<double>{1, 1});
        std::vector<double> x = p.point({{"x", 5}, {"y", -1}});
        CHECK(newton.correct(x, 20, 1).termination == Termination::Converged);
        CHECK(p.at(x, "x") == Approx(4).margin(1e-9));
        CHECK(p.at(x, "y") == Approx(-2).margin(1e-9));
    }
    SECTION("y weighed twice") {
        const int xi = p.column("x"), yi = p.column("y");
        std::vector<double> weights(2);
        weights[size_t(xi)] = 1, weights[size_t(yi)] = 2;
        NewtonCorrector newton(*p.block, weights);
        std::vector<double> x = p.point({{"x", 5}, {"y", -1}});
        CHECK(newton.correct(x, 20, 1).termination == Termination::Converged);
        CHECK(p.at(x, "x") == Approx(5 - 1.6).margin(1e-9));
        CHECK(p.at(x, "y") == Approx(-1 - 0.4).margin(1e-9));
    }
}

TEST_CASE("A constraint that cannot be evaluated stops Newton with not-a-number",
          "[solver][newton]") {
    VariableProblem p("@0\n  sqrt(x) = 2;\n");
    NewtonCorrector newton(*p.block, std::vector<double>{1});
    std::vector<double> x{-1};
    const CorrectorResult result = newton.correct(x, 20, 1);
    CHECK(result.termination == Termination::NotANumber);
    CHECK(std::isinf(result.worst));
}

TEST_CASE(
    "Newton ends on the step its quadratic convergence says lands, where an evaluation "
    "would find nothing left to do",
    "[solver][newton]") {
    VariableProblem p(kCircleAndLine);
    NewtonCorrector newton(*p.block, std::vector<double>{1, 1});
    // From 0.1 off the residuals go 6e-2, 6e-4, 7e-8: the step from there leaves about 1e-15,
    // so it is taken without evaluating where it leads.
    std::vector<double> x = p.point({{"x", 3.1}, {"y", 4}});
    const CorrectorResult landed = newton.correct(x, 20, 1);
    CHECK(landed.termination == Termination::Converged);
    CHECK_FALSE(landed.evaluated);
    CHECK(landed.worst <= kExact);
    // Evaluated there, the point stays as it is, bit for bit.
    const std::vector<double> there = x;
    const CorrectorResult again = newton.correct(x, 20, 1);
    CHECK(again.evaluated);
    CHECK(again.iterations == 0);
    CHECK(again.worst <= kExact);
    CHECK(x == there);
}

TEST_CASE("A short step after a wild one is not taken for Newton's landing", "[solver][newton]") {
    VariableProblem p("@0\n  sin(x) = 0.5;\n");
    NewtonCorrector newton(*p.block, std::vector<double>{1});
    // Next to the top of the sine its slope is 1e-12: the first step throws x some 5e11 away, where
    // the next is of an ordinary length, 1e-12 times the first, but the residual has not fallen
    // with it. Out there a unit of x is 6e-5, too coarse to converge; whatever Newton ends with,
    // it says what holds where it stopped, not what the short step seemed to promise.
    std::vector<double> x{std::numbers::pi / 2 + 1e-12};
    const CorrectorResult result = newton.correct(x, 50, 1e30);
    CHECK(result.termination != Termination::Converged);
    CHECK(result.evaluated);
    CHECK(result.worst == Approx(std::abs(std::sin(x[0]) - 0.5)).margin(1e-9));
}
