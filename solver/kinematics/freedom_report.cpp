#include "solver/kinematics/freedom_report.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <span>

#include "core/model/elementary_functions.h"
#include "solver/kinematics/number_text.h"
#include "solver/kinematics/singular_values.h"

namespace mv {

namespace {

// Singular values below this share of the largest (of the column-scaled Jacobian) count as zero.
constexpr double kRankTolerance = 1e-8;
// A thing whose share of a unit null motion is below this does not move along it.
constexpr double kMotionTolerance = 1e-7;

// The null space of J, one column per free direction, each of unit length.
Eigen::MatrixXd nullSpace(const Eigen::MatrixXd& jacobian) {
    const Eigen::Index n = jacobian.cols();
    // Scale columns to unit length so that a long lever does not hide a short one.
    Eigen::VectorXd scale = jacobian.colwise().norm().transpose();
    for (Eigen::Index j = 0; j < n; ++j) scale[j] = scale[j] > 0 ? 1 / scale[j] : 1;
    const Eigen::MatrixXd scaled = jacobian * scale.asDiagonal();
    const SingularValues svd = singularValues(scaled);
    const Eigen::Index rank = svd.countAbove(kRankTolerance * std::max(svd.largest(), 1.0));
    Eigen::MatrixXd basis = scale.asDiagonal() * svd.right.rightCols(n - rank);
    for (Eigen::Index j = 0; j < basis.cols(); ++j) basis.col(j).normalize();
    return basis;
}

DiagnosticMessage describe(const Thing& thing, const Pose& pose, const Eigen::Vector3d& motion,
                           double lever) {
    const double dx = motion[0], dy = motion[1], turn = motion[2] / lever;
    if (std::abs(motion[2]) < kMotionTolerance * motion.norm()) {
        // A direction, not a sense: the first non-zero component is made positive.
        const double length =
            elementary::hypot(dx, dy) * (dx < -1e-12 || (std::abs(dx) <= 1e-12 && dy < 0) ? -1 : 1);
        return diag<DiagnosticId::ThingSlides>(thing.name, numberText(dx / length),
                                               numberText(dy / length));
    }
    // The point whose velocity (dx, dy) + turn × (point - origin) is zero.
    const Vec2 centre{pose.x - dy / turn, pose.y + dx / turn};
    for (const Anchor& anchor : thing.anchors) {
        const Vec2 at = pose.apply(anchor.local);
        if ((at - centre).length() <= 1e-6 * (1 + centre.length()))
            return diag<DiagnosticId::ThingTurns>(thing.name, thing.name + "." + anchor.name);
    }
    return diag<DiagnosticId::ThingTurns>(
        thing.name, "[" + numberText(centre.x) + ", " + numberText(centre.y) + "]");
}

}  // namespace

std::vector<Diagnostic> reportFreedom(const Script& script, const SegmentProblem& segment,
                                      BlockProblem& block, const std::vector<double>& x,
                                      const std::vector<double>& solution, double lever) {
    const int n = block.unknownCount(), m = block.residualCount();
    if (n == 0) return {};
    const std::span<const int> columns = block.columns();
    Eigen::MatrixXd basis;
    if (n <= kFreedomRankLimit) {
        Eigen::MatrixXd jacobian(m, n);
        Eigen::VectorXd residuals(m);
        block.evaluate(x.data(), residuals.data(), jacobian.data());
        if (!jacobian.allFinite()) return {};
        basis = m == 0 ? Eigen::MatrixXd::Identity(n, n) : nullSpace(jacobian);
        if (basis.cols() == 0) return {};
    }

    std::vector<Diagnostic> report;
    for (const UnknownBlock& pose : segment.blocks()) {
        if (pose.kind != UnknownBlock::Kind::Pose) continue;
        // The thing's x, y and angle among the block's columns (a row -1 where another block fixes
        // it).
        int rows[3] = {-1, -1, -1};
        bool any = false;
        for (int k = 0; k < 3; ++k) {
            const auto at = std::lower_bound(columns.begin(), columns.end(), pose.offset + k);
            if (at != columns.end() && *at == pose.offset + k) {
                rows[k] = int(at - columns.begin());
                any = true;
            }
        }
        if (!any) continue;
        const Thing& thing = script.things[pose.thing];
        if (basis.size() == 0) {
            report.push_back(makeDiagnostic(
                thing.nameRange, diag<DiagnosticId::ThingFree>(thing.name), {}, {pose.thing}));
            continue;
        }
        Eigen::MatrixXd motions = Eigen::MatrixXd::Zero(3, basis.cols());
        for (int k = 0; k < 3; ++k)
            if (rows[k] >= 0) motions.row(k) = basis.row(rows[k]);
        motions.row(2) *= lever;
        // The left singular vectors of the motions are the right ones of their transpose.
        const SingularValues svd = singularValues(motions.transpose());
        const Eigen::Index free = svd.countAbove(kMotionTolerance);
        if (free == 0) continue;
        const size_t o = size_t(pose.offset);
        const Pose at{solution[o], solution[o + 1], solution[o + 2]};
        report.push_back(makeDiagnostic(thing.nameRange,
                                        free >= 2 ? diag<DiagnosticId::ThingFree>(thing.name)
                                                  : describe(thing, at, svd.right.col(0), lever),
                                        {}, {pose.thing}));
    }
    return report;
}

}  // namespace mv
