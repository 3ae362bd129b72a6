// RateSolver on Jacobians whose rates are known by hand: square, tall and consistent, free (the
// solution of least length), at and near a dead centre, dense and sparse (above
// kDenseUnknownLimit unknowns), with one factorisation serving several right-hand sides.

#include <catch2/catch.hpp>

#include <vector>

#include "solver/kinematics/least_squares_solver.h"
#include "solver/motion/rate_solver.h"

using namespace mv;

namespace {

std::vector<double> solve(const RateSolver& solver, const std::vector<double>& b, int unknowns) {
    std::vector<double> rates(size_t(unknowns), 0.0);
    solver.solve(b.data(), rates.data());
    return rates;
}

void checkRates(const std::vector<double>& rates, const std::vector<double>& expected) {
    REQUIRE(rates.size() == expected.size());
    for (size_t i = 0; i < rates.size(); ++i) {
        INFO("rate " << i);
        CHECK(rates[i] == Approx(expected[i]).margin(1e-12));
    }
}

// The bidiagonal system y0 = b0, y_i - y_(i-1) = b_i of n unknowns, as sparse entries.
std::vector<RateSolver::Entry> bidiagonal(int n) {
    std::vector<RateSolver::Entry> entries{{0, 0, 1.0}};
    for (int i = 1; i < n; ++i) {
        entries.push_back({i, i, 1.0});
        entries.push_back({i, i - 1, -1.0});
    }
    return entries;
}

}  // namespace

TEST_CASE("A square block's rates solve J y = b, for each right-hand side", "[solver][rates]") {
    RateSolver solver;
    // J = [2 1; 1 3], column-major.
    const std::vector<double> j{2, 1, 1, 3};
    REQUIRE(solver.factor(2, 2, j.data(), true));
    checkRates(solve(solver, {3, 5}, 2), {0.8, 1.4});
    checkRates(solve(solver, {1, 0}, 2), {0.6, -0.2});
}

TEST_CASE("A tall square block (rows said twice) takes the rates its rows agree on",
          "[solver][rates]") {
    RateSolver solver;
    // Rows y0, y1 and y0 + y1: the third says what the first two do.
    const std::vector<double> j{1, 0, 1, 0, 1, 1};
    REQUIRE(solver.factor(3, 2, j.data(), true));
    checkRates(solve(solver, {1, 2, 3}, 2), {1, 2});
}

TEST_CASE("A free block moves as little as it can", "[solver][rates]") {
    RateSolver solver;
    // One row y0 + 2 y1 + 2 y2 = 9: the shortest solution is along the row, 9 (1, 2, 2) / 9.
    const std::vector<double> j{1, 2, 2};
    REQUIRE(solver.factor(1, 3, j.data(), false));
    checkRates(solve(solver, {9}, 3), {1, 2, 2});
}

TEST_CASE("A square block at a dead centre has no rates", "[solver][rates]") {
    RateSolver solver;
    CHECK_FALSE(solver.factor(2, 2, std::vector<double>{1, 2, 2, 4}.data(), true));
    // The smallest singular value against kDeadCentre: below it a dead centre, above it not.
    CHECK_FALSE(solver.factor(2, 2, std::vector<double>{1, 0, 0, kDeadCentre / 10}.data(), true));
    REQUIRE(solver.factor(2, 2, std::vector<double>{1, 0, 0, kDeadCentre * 10}.data(), true));
    checkRates(solve(solver, {1, kDeadCentre * 10}, 2), {1, 1});
}

TEST_CASE("A wide block is factored sparsely, with the same answers", "[solver][rates]") {
    const int n = kDenseUnknownLimit + 40;
    RateSolver solver;
    REQUIRE(solver.factor(n, n, bidiagonal(n), true));
    // b all ones: y_i = i + 1.
    const std::vector<double> rates = solve(solver, std::vector<double>(size_t(n), 1.0), n);
    for (int i = 0; i < n; ++i) CHECK(rates[size_t(i)] == Approx(i + 1).margin(1e-9));

    SECTION("duplicate entries add up") {
        std::vector<RateSolver::Entry> split = bidiagonal(n);
        split.front().value = 0.5;
        split.push_back({0, 0, 0.5});
        RateSolver same;
        REQUIRE(same.factor(n, n, split, true));
        checkRates(solve(same, std::vector<double>(size_t(n), 1.0), n), rates);
    }
    SECTION("a column the rows do not read is a dead centre") {
        std::vector<RateSolver::Entry> missing;
        for (const RateSolver::Entry& e : bidiagonal(n))
            if (e.column != n / 2) missing.push_back(e);
        RateSolver singular;
        CHECK_FALSE(singular.factor(n, n, missing, true));
    }
    SECTION("a free wide block moves as little as it can") {
        std::vector<RateSolver::Entry> sum;
        for (int i = 0; i < n; ++i) sum.push_back({0, i, 1.0});
        RateSolver free;
        REQUIRE(free.factor(1, n, sum, false));
        checkRates(solve(free, {double(n)}, n), std::vector<double>(size_t(n), 1.0));
    }
}
