// BlockSolver, one block of a segment solved the way its shape allows (block_solver.h), on
// equations with known solutions: an explicit block (y = 4, x = 2 y: one step, exact), a square
// one (the circle x² + y² = 25 cut by y = 4, by Newton, on the side it starts, with the sign of
// its determinant), and an over-determined one whose rows disagree (x = 1 written before x = 3:
// the first is met and the last let go of, left to fail as a check). A block that stands where its
// last solve left it, reading what it read then, is not solved again.

#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <span>
#include <vector>

#include "solver/kinematics/block_solver.h"
#include "variable_problem.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

// One block over every row and unknown of the problem, of `kind`.
BlockSolver wholeBlock(VariableProblem& p, BlockSolver::Kind kind, std::vector<int> pivots,
                       const std::vector<double>& weights, const SolveOptions& options) {
    StructureBlock block;
    block.rows.resize(size_t(p.segment->residualCount()));
    std::iota(block.rows.begin(), block.rows.end(), 0);
    block.columns.resize(size_t(p.segment->unknownCount()));
    std::iota(block.columns.begin(), block.columns.end(), 0);
    std::vector<int> all = block.rows;
    if (kind == BlockSolver::Kind::OverDetermined) {
        block.checks.assign(block.rows.begin() + std::ptrdiff_t(block.columns.size()),
                            block.rows.end());
        block.rows.resize(block.columns.size());
    }
    return BlockSolver(*p.segment, block, std::move(all), kind, std::move(pivots), weights,
                       options);
}

}  // namespace

TEST_CASE("an explicit block is solved in one step, exactly", "[solver][block]") {
    VariableProblem p("@0\n  y = 4;\n  x = 2 * y;\n");
    const std::vector<double> weights(2, 1.0);
    const SolveOptions options;
    // Row 0 (y = 4) is solved for y, row 1 (x = 2 y) for x.
    BlockSolver block = wholeBlock(p, BlockSolver::Kind::Explicit, {p.column("y"), p.column("x")},
                                   weights, options);
    std::vector<double> x = p.point({{"x", 100}, {"y", -7}});
    FrameSummary summary;
    CHECK(block.solveFresh(x.data(), summary) == BlockSolver::Outcome::Accepted);
    CHECK(p.at(x, "y") == 4);
    CHECK(p.at(x, "x") == 8);
}

TEST_CASE("a block already solved where it stands is not solved again", "[solver][block]") {
    // Row 1 (x = 2 y) solved for x, y read from the segment's solution: a block after y's.
    VariableProblem p("@0\n  y = 4;\n  x = 2 * y;\n");
    StructureBlock structure;
    structure.rows = {1};
    structure.columns = {p.column("x")};
    const std::vector<double> weights(2, 1.0);
    const SolveOptions options;
    const std::vector<int> pivots = {0};
    BlockSolver block(*p.segment, structure, {1}, BlockSolver::Kind::Explicit, pivots, weights,
                      options);
    std::vector<double> x = p.point({{"x", 100}, {"y", 4}});
    FrameSummary summary;
    // From 100 a step lands on 8; from 8 the step is 0, so from there on it stays put.
    for (const int iterations : {1, 2, 2, 2}) {
        CHECK(block.track(x.data(), false, summary) == BlockSolver::Outcome::Accepted);
        CHECK(p.at(x, "x") == 8);
        CHECK(summary.iterations == iterations);
    }
    // What it reads has moved: it is solved again.
    x[size_t(p.column("y"))] = 5;
    CHECK(block.track(x.data(), false, summary) == BlockSolver::Outcome::Accepted);
    CHECK(p.at(x, "x") == 10);
    CHECK(summary.iterations == 3);
    // So is it when its own unknown was moved (a drag, a frame solved afresh).
    x[size_t(p.column("x"))] = 0;
    CHECK(block.track(x.data(), false, summary) == BlockSolver::Outcome::Accepted);
    CHECK(p.at(x, "x") == 10);
}

TEST_CASE("a block's Jacobian is constant where sums and numbers make it", "[solver][block]") {
    // An explicit block with such a Jacobian keeps its slopes from its first evaluation and
    // evaluates its rows alone after that; any other Jacobian is evaluated each time.
    VariableProblem p(
        "@0\n  y = 4;\n  x = 2 * y - 1;\n  x * y = 1;\n  x / 4 = y + 2;\n"
        "  [x, y].length = 5;\n");
    std::vector<int> both = {p.column("x"), p.column("y")};
    std::sort(both.begin(), both.end());
    auto constant = [&](int row, std::span<const int> columns) {
        BlockProblem block(*p.segment, {row}, columns);
        block.setContext(p.context.data());
        return block.jacobianIsConstant();
    };
    const std::vector<int> x = {p.column("x")};
    CHECK(constant(1, x));        // y read from the segment's solution
    CHECK(constant(1, both));     // 1 and -2
    CHECK_FALSE(constant(2, x));  // by y
    CHECK(constant(3, both));     // 1/4 and -1
    CHECK_FALSE(constant(4, x));  // by x / 5
    // Row by row, as the rates keep a block's factors: x = 2 y - 1 has them, x y = 1 has not.
    const KernelPtr kernel = makeKernel(*p.segment, {1, 2}, both, nullptr);
    CHECK(kernel->rowsHaveConstantGradients(0, 1));
    CHECK_FALSE(kernel->rowsHaveConstantGradients(1, 1));
    CHECK_FALSE(kernel->rowsHaveConstantGradients(0, 2));
}

TEST_CASE("a square block is solved by Newton on the side it starts", "[solver][block]") {
    const std::vector<double> weights(2, 1.0);
    const SolveOptions options;
    for (const double side : {1.0, -1.0}) {
        VariableProblem p("@0\n  [x, y].length = 5;\n  y = 4;\n");
        BlockSolver block = wholeBlock(p, BlockSolver::Kind::Square, {}, weights, options);
        std::vector<double> x = p.point({{"x", 2 * side}, {"y", 5}});
        FrameSummary summary;
        CHECK(block.solveFresh(x.data(), summary) == BlockSolver::Outcome::Accepted);
        CHECK(p.at(x, "x") == Approx(3 * side).margin(1e-12));
        CHECK(p.at(x, "y") == Approx(4).margin(1e-12));
        // d/dx of the length is x / 5 and y = 4 reads only y: det J = x / 5.
        CHECK(block.detSign() == int(side));
        CHECK(summary.iterations > 0);
    }
}

TEST_CASE("a block whose rows disagree meets those written first", "[solver][block]") {
    VariableProblem p("@0\n  x = 1;\n  x = 3;\n");
    const std::vector<double> weights(1, 1.0);
    const SolveOptions options;
    BlockSolver block = wholeBlock(p, BlockSolver::Kind::OverDetermined, {}, weights, options);
    std::vector<double> x = p.point({{"x", 10}});
    FrameSummary summary;
    // Its own row holds, so the block is accepted; the row let go of is the check that fails,
    // which the segment solver reports as the conflict.
    CHECK(block.solveFresh(x.data(), summary) == BlockSolver::Outcome::Accepted);
    CHECK(p.at(x, "x") == Approx(1).margin(1e-12));
    CHECK_FALSE(block.checksHold(x.data()));
}
