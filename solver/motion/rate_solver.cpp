#include "solver/motion/rate_solver.h"

#include <Eigen/Dense>
#include <Eigen/OrderingMethods>
#include <Eigen/Sparse>
#include <Eigen/SparseQR>
#include <algorithm>
#include <cmath>

#include "solver/kinematics/solver_constants.h"

namespace mv {

namespace {

using Dense = Eigen::MatrixXd;
using SparseMatrix = Eigen::SparseMatrix<double>;

}  // namespace

struct RateSolver::Factors {
    enum class Method { Column, Pair, Tall, Wide, SingularValues, SparseQR, SparseNormal };

    // R of a QR (upper triangular) proves J's singular values clear of the dead-centre limits (a
    // square block) or of the SVD's threshold (a free one): then no singular value is dropped or
    // undefined, and the QR's solution is the SVD's.
    bool clearlyRegular(double jacobianNorm, bool square) {
        Decompositions& d = decompositions();
        const Eigen::Index k = d.qr.matrixQR().cols();
        d.inverse.setIdentity(k, k);
        d.qr.matrixQR().topLeftCorner(k, k).triangularView<Eigen::Upper>().solveInPlace(d.inverse);
        const double smallest = 1 / d.inverse.norm();  // at most σ_min
        if (square && !(smallest >= kDeadCentre)) return false;
        return smallest >= kSingularShare * jacobianNorm;  // ‖J‖_F is at least σ_max
    }

    // Two rows and two unknowns (a thing's angle and a length, the commonest block): σ₁σ₂ = |det J|
    // and σ₁ ≤ ‖J‖_F, so |det J| / ‖J‖_F bounds σ_min from below as R⁻¹ does for the QR, and where
    // it proves J regular the inverse is written out instead of factored.
    bool pairRegular(const Eigen::Map<const Dense>& jacobian, double norm, bool square) {
        const double det = jacobian(0, 0) * jacobian(1, 1) - jacobian(0, 1) * jacobian(1, 0);
        const double smallest = norm > 0 ? std::abs(det) / norm : 0;
        if (square && !(smallest >= kDeadCentre)) return false;
        if (!(smallest >= kSingularShare * norm)) return false;
        method = Method::Pair;
        pair << jacobian(1, 1), -jacobian(0, 1), -jacobian(1, 0), jacobian(0, 0);
        pair /= det;
        return true;
    }

    bool factorDense(const Eigen::Map<const Dense>& jacobian, bool square) {
        const double norm = jacobian.norm();
        if (jacobian.cols() == 1) {
            // One unknown: its one singular value is the column's length, and the least-squares
            // rate the column's projection.
            method = Method::Column;
            const double squared = norm > 0 ? norm * norm : 1.0;
            if (jacobian.rows() == 1) {
                columnOfOne = jacobian(0, 0) / squared;
            } else {
                column = jacobian.col(0) / squared;
            }
            return !(square && !(norm >= kDeadCentre));
        }
        if (jacobian.rows() == 2 && jacobian.cols() == 2 && pairRegular(jacobian, norm, square))
            return true;
        Decompositions& d = decompositions();
        if (jacobian.rows() >= jacobian.cols()) {
            method = Method::Tall;
            d.qr.compute(jacobian);
        } else {
            if (square) return false;  // fewer rows than unknowns: not fixed
            method = Method::Wide;
            d.transposed = jacobian.transpose();
            d.qr.compute(d.transposed);
        }
        if (clearlyRegular(norm, square)) return true;
        method = Method::SingularValues;
        d.svd.compute(jacobian, Eigen::ComputeThinU | Eigen::ComputeThinV);
        d.svd.setThreshold(kSingularShare);
        const Eigen::VectorXd& sigma = d.svd.singularValues();
        const Eigen::Index n = jacobian.cols();
        const bool singular = sigma.size() < n || sigma[n - 1] < kDeadCentre ||
                              sigma[n - 1] < kSingularShare * sigma[0];
        return !(square && singular);
    }

    bool factorSparse(SparseMatrix& jacobian, bool square) {
        Decompositions& d = decompositions();
        jacobian.makeCompressed();
        if (square) {
            if (jacobian.rows() < jacobian.cols()) return false;
            method = Method::SparseQR;
            d.sparseQR.setPivotThreshold(std::max(kDeadCentre, kSingularShare * jacobian.norm()));
            d.sparseQR.compute(jacobian);
            return d.sparseQR.info() == Eigen::Success && d.sparseQR.rank() == jacobian.cols();
        }
        method = Method::SparseNormal;
        d.sparse = jacobian;
        SparseMatrix gram = d.sparse * d.sparse.transpose();
        double largest = 0;
        for (Eigen::Index i = 0; i < gram.rows(); ++i)
            largest = std::max(largest, gram.coeff(i, i));
        SparseMatrix ridge(gram.rows(), gram.cols());
        ridge.setIdentity();
        gram += ridge * (kRegularisation * (largest > 0 ? largest : 1.0));
        d.normal.compute(gram);
        return d.normal.info() == Eigen::Success;
    }

    // The rates `out` (`unknowns` of them) for the right-hand side `rhs` (`rows`). The commonest
    // blocks, a regular 2 × 2 and one row for one unknown, are written out as Eigen computes
    // them, here where the call inlines: one per block and order, twice a frame, through the
    // switch below and Eigen's dynamic-size set-up costs more than the arithmetic.
    void solve(const double* rhs, int rows, double* out, int unknowns) const {
        if (method == Method::Pair) {
            out[0] = pair(0, 0) * rhs[0] + pair(0, 1) * rhs[1];
            out[1] = pair(1, 0) * rhs[0] + pair(1, 1) * rhs[1];
            return;
        }
        if (method == Method::Column && rows == 1) {
            out[0] = columnOfOne * rhs[0];
            return;
        }
        solveFactored(Eigen::Map<const Eigen::VectorXd>(rhs, rows),
                      Eigen::Map<Eigen::VectorXd>(out, unknowns));
    }

    // The other blocks, through their factors.
    void solveFactored(const Eigen::Map<const Eigen::VectorXd>& b,
                       Eigen::Map<Eigen::VectorXd> rates) const {
        switch (method) {
            case Method::Column:  // of more than one row (solve() does one)
                rates[0] = column.dot(b);
                return;
            case Method::Pair:  // written out by solve()
                return;
            case Method::Tall:
                rates = decomposed->qr.solve(b);
                return;
            case Method::Wide: {
                // Jᵀ = Q R, so J = Rᵀ Qᵀ: the rates of least length are Q (R⁻ᵀ b, 0).
                const Eigen::Index m = b.size();
                Eigen::VectorXd z = Eigen::VectorXd::Zero(rates.size());
                z.head(m) = decomposed->qr.matrixQR()
                                .topLeftCorner(m, m)
                                .triangularView<Eigen::Upper>()
                                .transpose()
                                .solve(b);
                rates = decomposed->qr.householderQ() * z;
                return;
            }
            case Method::SingularValues:
                rates = decomposed->svd.solve(b);
                return;
            case Method::SparseQR:
                rates = decomposed->sparseQR.solve(b);
                return;
            case Method::SparseNormal:
                rates = decomposed->sparse.transpose() * decomposed->normal.solve(b);
                return;
        }
    }

    // What factors a J of more than one unknown (but a regular 2 × 2 one), made when a block
    // first needs it: a frame visits every block's factors (40,000 on a 10,000-bar chain, nearly
    // all of one or two unknowns), and these would spread them over kilobytes each.
    struct Decompositions {
        Eigen::HouseholderQR<Dense> qr;
        Dense transposed, inverse;  // scratch: Jᵀ of a wide J, R⁻¹ for the bound
        Eigen::JacobiSVD<Dense> svd;
        SparseMatrix sparse;  // J, for the normal equations' solution
        Eigen::SparseQR<SparseMatrix, Eigen::COLAMDOrdering<int>> sparseQR;
        Eigen::SimplicialLDLT<SparseMatrix> normal;
    };
    Decompositions& decompositions() {
        if (!decomposed) decomposed = std::make_unique<Decompositions>();
        return *decomposed;
    }

    Method method = Method::Tall;
    // J / ‖J‖² for one unknown: of one row (nearly every such block) here, beside what else a
    // frame reads of the block; of more rows on the heap.
    double columnOfOne = 0;
    Eigen::VectorXd column;
    Eigen::Matrix2d pair;                        // J⁻¹ of a regular 2 × 2 J
    std::unique_ptr<Decompositions> decomposed;  // see decompositions()
};

RateSolver::RateSolver(SegmentArena* arena) : m_factors(makeIn<Factors>(arena)) {}

RateSolver::~RateSolver() = default;
RateSolver::RateSolver(RateSolver&&) noexcept = default;
RateSolver& RateSolver::operator=(RateSolver&&) noexcept = default;

bool RateSolver::factor(int rows, int unknowns, const double* jacobian, bool square) {
    m_rows = rows;
    m_unknowns = unknowns;
    return m_factors->factorDense(Eigen::Map<const Dense>(jacobian, rows, unknowns), square);
}

bool RateSolver::factor(int rows, int unknowns, const std::vector<Entry>& jacobian, bool square) {
    m_rows = rows;
    m_unknowns = unknowns;
    std::vector<Eigen::Triplet<double>> triplets;
    triplets.reserve(jacobian.size());
    for (const Entry& e : jacobian) triplets.emplace_back(e.row, e.column, e.value);
    SparseMatrix matrix(rows, unknowns);
    matrix.setFromTriplets(triplets.begin(), triplets.end());
    return m_factors->factorSparse(matrix, square);
}

void RateSolver::solve(const double* b, double* rates) const {
    m_factors->solve(b, m_rows, rates, m_unknowns);
}

}  // namespace mv
