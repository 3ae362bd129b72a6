#include "solver/dynamics/shared_loads.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>

#include "solver/kinematics/segment_problem.h"

namespace mv {

bool noteSharedLoad(const SegmentProblem& problem, const std::vector<int>& rows,
                    const Eigen::MatrixXd& transposed, FrameForces& forces) {
    std::vector<Eigen::Index> reading;
    const double size = transposed.lpNorm<Eigen::Infinity>();
    for (Eigen::Index i = 0; i < transposed.cols(); ++i)
        if (transposed.col(i).lpNorm<Eigen::Infinity>() > kNegligibleSlope * size)
            reading.push_back(i);
    Eigen::MatrixXd part(transposed.rows(), Eigen::Index(reading.size()));
    for (size_t i = 0; i < reading.size(); ++i)
        part.col(Eigen::Index(i)) = transposed.col(reading[i]);
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(part);
    if (lu.dimensionOfKernel() == 0) return false;
    const Eigen::MatrixXd kernel = lu.kernel();
    std::vector<ConstraintId> shared;
    for (Eigen::Index k = 0; k < kernel.cols(); ++k) {
        const double size = kernel.col(k).lpNorm<Eigen::Infinity>();
        std::vector<ConstraintId> sharing;
        for (Eigen::Index i = 0; i < kernel.rows(); ++i) {
            if (!(std::abs(kernel(i, k)) > 1e-8 * size)) continue;
            const int row = rows[size_t(reading[size_t(i)])];
            sharing.push_back(
                problem.constraints()[size_t(problem.rows()[size_t(row)].constraint)].id);
        }
        std::sort(sharing.begin(), sharing.end());
        sharing.erase(std::unique(sharing.begin(), sharing.end()), sharing.end());
        if (sharing.size() > 1) shared.insert(shared.end(), sharing.begin(), sharing.end());
    }
    std::sort(shared.begin(), shared.end());
    shared.erase(std::unique(shared.begin(), shared.end()), shared.end());
    if (shared.empty()) return false;
    if (std::find(forces.indeterminate.begin(), forces.indeterminate.end(), shared) ==
        forces.indeterminate.end())
        forces.indeterminate.push_back(std::move(shared));
    return true;
}

}  // namespace mv
