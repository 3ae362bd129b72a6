#include "solver/kinematics/block_problem.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace mv {

BlockProblem::BlockProblem(SegmentProblem& segment, const std::vector<int>& rows,
                           std::span<const int> columns, SegmentArena* arena)
    : m_segment(segment),
      m_columns(columns.begin(), columns.end(), arena),
      m_residualCount(int(rows.size())),
      m_arena(arena),
      m_rows(rows) {}

void BlockProblem::makeGroups() {
    size_t widest = 0;
    int residual = 0;
    for (int row : m_rows) {
        const ResidualRow& r = m_segment.rows()[size_t(row)];
        if (m_groups.empty() || m_groups.back().constraint != r.constraint) {
            Group g;
            g.constraint = r.constraint;
            const CompiledConstraint& c = m_segment.constraints()[size_t(r.constraint)];
            for (int unknown : c.unknowns) {
                const auto at = std::lower_bound(m_columns.begin(), m_columns.end(), unknown);
                const bool inBlock = at != m_columns.end() && *at == unknown;
                g.columnOfLocal.push_back(inBlock ? int(at - m_columns.begin()) : -1);
                if (inBlock) g.columns.push_back(int(at - m_columns.begin()));
            }
            g.firstResidual = residual;
            widest = std::max(widest, c.unknowns.size());
            m_groups.push_back(std::move(g));
        }
        m_groups.back().components.push_back(r.component);
        ++residual;
    }
    m_local.resize(widest);
    m_residuals.resize(2);
    m_jacobian.resize(2 * widest);
}

bool BlockProblem::evaluateGroup(int index, const double* x, double* residuals, double* jacobian) {
    return evaluateGroupWith(
        index, [x](int column, size_t) { return x[column]; }, residuals, jacobian);
}

bool BlockProblem::evaluateGroup(int index, const double* const* columns, double* residuals,
                                 double* jacobian) {
    return evaluateGroupWith(
        index, [columns](int, size_t k) { return *columns[k]; }, residuals, jacobian);
}

// `value(column, k)`: the block unknown `column`, the k-th of the group's columns.
template <class ColumnValue>
bool BlockProblem::evaluateGroupWith(int index, ColumnValue value, double* residuals,
                                     double* jacobian) {
    const Group& g = groups()[size_t(index)];
    const CompiledConstraint& c = m_segment.constraints()[size_t(g.constraint)];
    const size_t n = c.unknowns.size();
    size_t k = 0;
    for (size_t j = 0; j < n; ++j) {
        const int column = g.columnOfLocal[j];
        m_local[j] = column >= 0 ? value(column, k++) : m_context[c.unknowns[j]];
    }
    m_segment.evaluateConstraint(g.constraint, m_local.data(), m_residuals.data(),
                                 jacobian ? m_jacobian.data() : nullptr);
    bool finite = true;
    const size_t width = g.columns.size();
    for (size_t k = 0; k < g.components.size(); ++k) {
        const int component = g.components[k];
        residuals[k] = m_residuals[size_t(component)];
        finite = finite && std::isfinite(residuals[k]);
        if (!jacobian) continue;
        size_t out = 0;
        for (size_t j = 0; j < n; ++j)
            if (g.columnOfLocal[j] >= 0)
                jacobian[k * width + out++] = m_jacobian[size_t(component) * n + j];
    }
    return finite;
}

void BlockProblem::makeKernel() {
    m_kernel = mv::makeKernel(m_segment, m_rows, m_columns, m_arena);
}

bool BlockProblem::readsAsBefore(const double* segmentSolution, const double* x) const {
    if (!m_kernel) return false;
    for (size_t j = 0; j < m_columns.size(); ++j)  // by the bits: 0 and -0 are not the same start
        if (std::memcmp(&segmentSolution[m_columns[j]], &x[j], sizeof(double)) != 0) return false;
    return m_kernel->readsAsBefore(m_segment, segmentSolution);
}

}  // namespace mv
