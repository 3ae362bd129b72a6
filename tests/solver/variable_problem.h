#pragma once
// A segment's problem over scalar variables only, from a script's text, for the tests of the
// numeric classes under the segment solver (Newton, least squares, the rates): equations whose
// solutions are known in closed form, without things, poses or angles in the way.

#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "core/model/frame_plan.h"
#include "script_text.h"
#include "solver/kinematics/block_problem.h"
#include "solver/kinematics/segment_problem.h"

namespace mv::kinematics_test {

struct VariableProblem {
    std::shared_ptr<const Script> script;
    FramePlan plan;
    std::unique_ptr<SegmentProblem> segment;
    std::unique_ptr<BlockProblem> block;  // every row, every unknown
    std::vector<double> context;          // the segment's solution the block reads (none left)

    explicit VariableProblem(const std::string& text) : script(compileText(text)) {
        plan = planFrames(*script);
        segment = std::make_unique<SegmentProblem>(*script, plan.segments.at(0));
        segment->setInputs({0, 0, 0});
        std::vector<int> rows(size_t(segment->residualCount()));
        std::iota(rows.begin(), rows.end(), 0);
        std::vector<int> columns(size_t(segment->unknownCount()));
        std::iota(columns.begin(), columns.end(), 0);
        block = std::make_unique<BlockProblem>(*segment, rows, columns);
        context.assign(columns.size(), 0.0);
        block->setContext(context.data());
    }

    // Where the variable called `name` is among the unknowns.
    int column(const std::string& name) const {
        for (const UnknownBlock& b : segment->blocks())
            if (b.kind == UnknownBlock::Kind::Variable &&
                script->variables[b.variable].name == name)
                return b.offset;
        FAIL("no variable " << name);
        return -1;
    }

    // The unknowns with the named variables set, the rest 0.
    std::vector<double> point(const std::vector<std::pair<std::string, double>>& values) const {
        std::vector<double> x(size_t(segment->unknownCount()), 0.0);
        for (const auto& [name, value] : values) x[size_t(column(name))] = value;
        return x;
    }

    double at(const std::vector<double>& x, const std::string& name) const {
        return x[size_t(column(name))];
    }
};

}  // namespace mv::kinematics_test
