// The least-squares solvers under the segment solver (least_squares_solver.h: the dense
// Gauss-Newton / TinySolver path and the sparse Ceres path; sparse_gauss_newton.h) on equations
// whose least-squares solutions are known in closed form: a circle cut by a line (x = 3, y = 4
// from x² + y² = 25 and y = 4, started on the positive side), one line of solutions (x + y = 2,
// whose point nearest a start (a, b) is ((a - b + 2) / 2, (b - a + 2) / 2)), and two rows that
// disagree (x = 1 and x = 3, best met at x = 2, each missed by 1).

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "solver/kinematics/least_squares_solver.h"
#include "solver/kinematics/solver_constants.h"
#include "solver/kinematics/sparse_gauss_newton.h"
#include "variable_problem.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

const char* const kCircleAndLine = "@0\n  [x, y].length = 5;\n  y = 4;\n";
const char* const kLine = "@0\n  x + y = 2;\n";
const char* const kDisagreeing = "@0\n  x = 1;\n  x = 3;\n";

using MakeSolver = std::unique_ptr<LeastSquaresSolver> (*)(BlockProblem&);

}  // namespace

TEST_CASE("the dense and the sparse least squares solve a regular system exactly",
          "[solver][least-squares]") {
    for (const MakeSolver make : {&makeDenseSolver, &makeSparseSolver}) {
        VariableProblem p(kCircleAndLine);
        const auto solver = make(*p.block);
        std::vector<double> x = p.point({{"x", 2}, {"y", 5}});
        const double worst = solver->minimize(x, 50);
        CHECK(worst <= kConverged);
        CHECK(p.at(x, "x") == Approx(3).margin(1e-10));
        CHECK(p.at(x, "y") == Approx(4).margin(1e-10));
    }
}

TEST_CASE("least squares moves an under-determined start to the nearest solution",
          "[solver][least-squares]") {
    // Levenberg-Marquardt steps have (almost) no component along what the rows do not see, so
    // from (3, 5) the line x + y = 2 is reached next to its nearest point, (0, 2), at the
    // distance of that point, 3√2 (to second order in the small sideways drift of the damped
    // steps, under 1e-3).
    for (const MakeSolver make : {&makeDenseSolver, &makeSparseSolver}) {
        VariableProblem p(kLine);
        const auto solver = make(*p.block);
        std::vector<double> x = p.point({{"x", 3}, {"y", 5}});
        CHECK(solver->minimize(x, 50) <= kConverged);
        CHECK(p.at(x, "x") + p.at(x, "y") == Approx(2).margin(1e-12));
        CHECK(p.at(x, "x") == Approx(0).margin(1e-3));
        CHECK(std::hypot(p.at(x, "x") - 3, p.at(x, "y") - 5) ==
              Approx(3 * std::sqrt(2.0)).epsilon(1e-6));
    }
}

TEST_CASE("least squares meets disagreeing rows halfway and says by how much it misses",
          "[solver][least-squares]") {
    for (const MakeSolver make : {&makeDenseSolver, &makeSparseSolver}) {
        VariableProblem p(kDisagreeing);
        const auto solver = make(*p.block);
        std::vector<double> x = p.point({{"x", 10}});
        CHECK(solver->minimize(x, 50) == Approx(1).epsilon(1e-9));
        CHECK(p.at(x, "x") == Approx(2).margin(1e-9));
    }
}

TEST_CASE("sparse Gauss-Newton converges in a few steps from a predicted start",
          "[solver][least-squares]") {
    VariableProblem p(kCircleAndLine);
    SparseGaussNewton steps(*p.block);
    // 0.1 off: Newton's errors go 1e-1, 1e-3, 1e-7, 1e-14.
    std::vector<double> x = p.point({{"x", 3.1}, {"y", 4.1}});
    CHECK(steps.run(x, 5, kConverged) <= kConverged);
    CHECK(p.at(x, "x") == Approx(3).margin(1e-12));
    CHECK(p.at(x, "y") == Approx(4).margin(1e-12));
    // Steps that cannot reduce the residuals (both rows already off by 1 at the best point) stop
    // where they are, reporting the miss.
    VariableProblem q(kDisagreeing);
    SparseGaussNewton disagreeing(*q.block);
    std::vector<double> y = q.point({{"x", 2}});
    CHECK(disagreeing.run(y, 5, kConverged) == Approx(1).epsilon(1e-12));
    CHECK(q.at(y, "x") == Approx(2).margin(1e-12));
}
