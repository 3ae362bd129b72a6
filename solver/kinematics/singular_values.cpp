#include "solver/kinematics/singular_values.h"

#include <Eigen/SVD>

namespace mv {

Eigen::Index SingularValues::countAbove(double threshold) const {
    Eigen::Index r = 0;
    while (r < values.size() && values[r] > threshold) ++r;
    return r;
}

SingularValues singularValues(const Eigen::MatrixXd& matrix) {
    const Eigen::BDCSVD<Eigen::MatrixXd> svd(matrix, Eigen::ComputeFullV);
    return {svd.singularValues(), svd.matrixV()};
}

}  // namespace mv
