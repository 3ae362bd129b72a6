// A block's kernel (solver/kinematics/block_kernel.h) is its constraints evaluated one by one,
// bit for bit: every block of every segment of the samples and the language examples that solve,
// with its checks, at a point off the solution, with a homotopy and without.

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/compile.h"
#include "core/model/frame_plan.h"
#include "solver/kinematics/block_problem.h"
#include "solver/kinematics/input_layout.h"
#include "solver/kinematics/segment_problem.h"
#include "tests/support/disk_images.h"

using namespace mv;

namespace {

std::shared_ptr<const Script> compileFile(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    const CompileResult compiled =
        compileScript(std::make_shared<const SourceText>(path.string(), text.str()),
                      test::DiskImages(path.parent_path().string()));
    return compiled.diagnostics.empty() ? compiled.script : nullptr;
}

bool sameBits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// The block's residuals and Jacobian constraint by constraint (BlockProblem::evaluateGroup, the
// way the sparse solver reads them), laid out as BlockProblem::evaluate lays them out.
void evaluateByConstraint(BlockProblem& block, const double* x, std::vector<double>& residuals,
                          std::vector<double>& jacobian) {
    const size_t m = size_t(block.residualCount());
    residuals.assign(m, 0.0);
    jacobian.assign(m * size_t(block.unknownCount()), 0.0);
    for (size_t g = 0; g < block.groups().size(); ++g) {
        const BlockProblem::Group& group = block.groups()[g];
        const size_t width = group.columns.size();
        std::vector<double> local(2 * width);
        block.evaluateGroup(int(g), x, &residuals[size_t(group.firstResidual)], local.data());
        for (size_t k = 0; k < group.components.size(); ++k)
            for (size_t j = 0; j < width; ++j)
                jacobian[size_t(group.columns[j]) * m + size_t(group.firstResidual) + k] =
                    local[k * width + j];
    }
}

// Compares the kernel with the constraints on one block; returns the rows compared.
size_t compareBlock(SegmentProblem& problem, const std::vector<int>& rows,
                    const std::vector<int>& columns, const std::vector<double>& context) {
    BlockProblem block(problem, rows, columns);
    block.setContext(context.data());
    std::vector<double> x(columns.size());
    block.gather(context.data(), x.data());
    for (size_t j = 0; j < x.size(); ++j) x[j] += 0.01 * std::cos(double(j) + 0.5);
    const size_t m = size_t(block.residualCount());
    std::vector<double> residuals(m), jacobian(m * x.size()), expected, expectedJacobian;
    const bool finite = block.evaluate(x.data(), residuals.data(), jacobian.data());
    evaluateByConstraint(block, x.data(), expected, expectedJacobian);
    for (size_t r = 0; r < m; ++r) {
        INFO("row " << rows[r]);
        CHECK(sameBits(residuals[r], expected[r]));
    }
    for (size_t k = 0; k < jacobian.size(); ++k) {
        INFO("Jacobian entry " << k);
        CHECK(sameBits(jacobian[k], expectedJacobian[k]));
    }
    // Without the Jacobian: the same residuals.
    std::vector<double> alone(m);
    CHECK(block.evaluate(x.data(), alone.data(), nullptr) == finite);
    for (size_t r = 0; r < m; ++r) CHECK(sameBits(alone[r], residuals[r]));
    return m;
}

}  // namespace

TEST_CASE("a block's kernel gives its constraints' residuals and Jacobian bit for bit",
          "[solver][kernel]") {
    size_t rowsCompared = 0, scripts = 0;
    for (const char* folder : {"/samples", "/tests/language/examples"}) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(
                 MOVIMENTUM_SOURCE_DIR + std::string(folder))) {
            if (entry.path().extension() != ".movimentum") continue;
            const auto script = compileFile(entry.path());
            if (!script) continue;
            INFO(entry.path().string());
            ++scripts;
            const FramePlan plan = planFrames(*script);
            for (const Segment& segment : plan.segments) {
                SegmentProblem problem(*script, segment);
                const SegmentStructure structure = analyseStructure(problem);
                const Frame& frame = plan.frames[size_t(segment.firstFrame)];
                std::vector<double> inputs;
                frameInputs(*script, frame, nullptr, inputs);
                problem.setInputs(inputs);
                // Off the solution, every angle away from its multiples of 90°.
                std::vector<double> context(size_t(problem.unknownCount()));
                for (size_t i = 0; i < context.size(); ++i)
                    context[i] = 3 * std::sin(double(i) + 1) + 0.3;
                std::vector<double> offsets(size_t(problem.residualCount()));
                problem.evaluate(context.data(), offsets.data(), nullptr);
                for (double weight : {0.0, 0.25}) {
                    problem.setHomotopy(weight > 0 ? offsets.data() : nullptr, weight);
                    for (const StructureBlock& b : structure.blocks) {
                        rowsCompared += compareBlock(problem, b.rows, b.columns, context);
                        if (!b.checks.empty())
                            rowsCompared += compareBlock(problem, b.checks, b.columns, context);
                    }
                }
                problem.setHomotopy(nullptr, 0);
            }
        }
    }
    CHECK(scripts >= 10);
    CHECK(rowsCompared >= 500);
}
