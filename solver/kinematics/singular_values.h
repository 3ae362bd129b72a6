#pragma once

#include <Eigen/Core>

namespace mv {

// A dense matrix's singular values, largest first, with its right singular vectors (every column
// of V, so the last ones span the null space). Eigen's divide-and-conquer SVD is instantiated only
// in singular_values.cpp: each instantiation costs about a minute of compile time, several under
// the sanitizers, and the freedom report and the drag both need one.
struct SingularValues {
    Eigen::VectorXd values;
    Eigen::MatrixXd right;

    // The largest value, 0 for an empty matrix.
    double largest() const { return values.size() > 0 ? values[0] : 0; }
    // How many values exceed `threshold`: the numerical rank at that threshold.
    Eigen::Index countAbove(double threshold) const;
};

SingularValues singularValues(const Eigen::MatrixXd& matrix);

}  // namespace mv
