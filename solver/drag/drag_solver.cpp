#include "solver/api/drag_solver.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/model/elementary_functions.h"
#include "solver/frame_assembly.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/kinematics/segment_solver.h"
#include "solver/kinematics/singular_values.h"
#include "solver/kinematics/solver_constants.h"
#include "solver/motion/machine_motion.h"

namespace mv {

namespace {

// Pull steps per mouse position; a small move of the mouse needs one or two.
constexpr int kMaxIterations = 40;
// Tries of one pull step, each more damped, before the point is where the pull can take it.
constexpr int kMaxTries = 12;
// Newton corrections that bring a trial back onto the constraints.
constexpr int kProjectIterations = 12;
// The longest pull step, as a share of the lever: short enough to follow a curve.
constexpr double kPullStepShare = 0.25;
// Singular values below this share of the largest are zero: their directions are free motions.
constexpr double kRankShare = 1e-9;
// Constraints met this closely count as met while dragging (the finishing solve then asks 1e-6).
constexpr double kMet = 1e-10;
// Done when a pull step is shorter than this share of the lever.
constexpr double kStillShare = 1e-9;
// Levenberg-Marquardt damping of the pull, relative to its largest gain: start, bounds.
constexpr double kFirstDamping = 1e-4, kLeastDamping = 1e-12, kMostDamping = 1e8;

}  // namespace

struct DragSolver::Pull {
    Pull(std::shared_ptr<const Script> original, const FramePlan& plan, const FrameSolution& frame,
         const Grip& gripped, const SolveOptions& options)
        : script(std::move(original)),
          grip(gripped),
          planned(plan.frames[size_t(frame.index)]),
          segment(plan.segments[size_t(planned.segment)]),
          source(findDragSource(*script, segment, grip)),
          dragScript(source.numbers.empty() ? script
                                            : withNumbersAsVariables(*script, source.numbers)),
          model(*dragScript, segment),
          problem(model.problem),
          finisher(*dragScript, model, options),
          motion(*dragScript, model),
          state(frame),
          elements(frame.elements),
          elementRates(frame.elementVelocities),
          elementAccelerations(frame.elementAccelerations),
          lever(angleLever(script->config)) {
        frameInputs(*dragScript, planned, elements.empty() ? nullptr : &elements, inputs);
        problem.setInputs(inputs);
        for (const WrittenNumber& number : source.numbers)
            state.variables.push_back({number.value, 0});
        for (const UnknownBlock& b : problem.blocks())
            if (b.kind == UnknownBlock::Kind::Pose && b.thing == gripped.thing) pose = b.offset;
        scale = Eigen::Map<const Eigen::VectorXd>(model.weights.data(),
                                                  Eigen::Index(model.weights.size()))
                    .cwiseInverse();
        residuals.resize(problem.residualCount());
        jacobian.resize(problem.residualCount(), problem.unknownCount());
    }

    Vec2 gripAt(const Eigen::VectorXd& x) const {
        return Pose{x(pose), x(pose + 1), x(pose + 2)}.apply(grip.local);
    }
    double miss(const Eigen::VectorXd& x, Vec2 target) const {
        return (gripAt(x) - target).length();
    }

    double project(Eigen::VectorXd& x);
    Eigen::MatrixXd freeMotions(const Eigen::VectorXd& x);
    Eigen::Matrix<double, 2, Eigen::Dynamic> gripJacobian(const Eigen::VectorXd& x) const;
    void pull(Vec2 target);

    std::shared_ptr<const Script> script;
    Grip grip;
    Frame planned;  // the frame on screen, as the plan has it
    Segment segment;
    DragSource source;
    std::shared_ptr<const Script> dragScript;  // the numbers that place the grip as unknowns
    SegmentModel model;
    SegmentProblem& problem;  // the model's
    SegmentSolver finisher;
    MachineMotion motion;
    FrameSolution state;  // the last result, in the drag script's variables
    // The mechanics at the frame, which the drag does not move.
    ElementStates elements, elementRates, elementAccelerations;
    std::vector<double> inputs;
    double lever;
    int pose = -1;          // offset of the gripped thing's pose among the unknowns
    Eigen::VectorXd scale;  // per unknown: 1, or 1/lever for an angle (steps are in lengths)
    Eigen::VectorXd residuals;
    Eigen::MatrixXd jacobian;
};

// Newton's least-norm corrections onto the constraints, from x, in place. Returns the largest
// residual reached (infinity when one is not a number).
double DragSolver::Pull::project(Eigen::VectorXd& x) {
    double worst = std::numeric_limits<double>::infinity();
    for (int i = 0; i <= kProjectIterations; ++i) {
        if (!problem.evaluate(x.data(), residuals.data(), jacobian.data()))
            return std::numeric_limits<double>::infinity();
        worst = residuals.size() > 0 ? residuals.cwiseAbs().maxCoeff() : 0.0;
        if (worst <= kMet || i == kProjectIterations) break;
        const Eigen::MatrixXd scaled = jacobian * scale.asDiagonal();
        x -= scale.cwiseProduct(scaled.completeOrthogonalDecomposition().solve(residuals));
    }
    return worst;
}

// A basis of the motions the constraints allow at x to first order (the null space of their
// Jacobian, in lengths), as columns.
Eigen::MatrixXd DragSolver::Pull::freeMotions(const Eigen::VectorXd& x) {
    const Eigen::Index n = x.size();
    if (residuals.size() == 0) return Eigen::MatrixXd::Identity(n, n);
    problem.evaluate(x.data(), residuals.data(), jacobian.data());
    const SingularValues svd = singularValues(jacobian * scale.asDiagonal());
    return svd.right.rightCols(n - svd.countAbove(kRankShare * svd.largest()));
}

// How the grip moves with each unknown, in lengths.
Eigen::Matrix<double, 2, Eigen::Dynamic> DragSolver::Pull::gripJacobian(
    const Eigen::VectorXd& x) const {
    Eigen::Matrix<double, 2, Eigen::Dynamic> g = Eigen::MatrixXd::Zero(2, x.size());
    const auto [s, c] = elementary::sinCos(x(pose + 2));
    g(0, pose) = 1;
    g(1, pose + 1) = 1;
    g(0, pose + 2) = (-s * grip.local.x - c * grip.local.y) * scale(pose + 2);
    g(1, pose + 2) = (c * grip.local.x - s * grip.local.y) * scale(pose + 2);
    return g;
}

// Levenberg-Marquardt on the distance from grip to target, over the motions the constraints
// allow, each step brought back onto the constraints and kept only when it brings the grip
// nearer: so a pull far beyond a crank's reach settles at the nearest point of its circle instead
// of swinging across it.
void DragSolver::Pull::pull(Vec2 target) {
    std::vector<double> start(size_t(problem.unknownCount()));
    problem.gather(state, start.data());
    problem.turnFrom(state.angles);
    Eigen::VectorXd x = Eigen::Map<const Eigen::VectorXd>(start.data(), Eigen::Index(start.size()));
    double worst = project(x);
    double distance = miss(x, target);
    double damping = kFirstDamping;
    for (int iteration = 0; iteration < kMaxIterations && distance > 0; ++iteration) {
        const Eigen::MatrixXd free = freeMotions(x);
        if (free.cols() == 0) break;
        const Eigen::MatrixXd reach = gripJacobian(x) * free;
        const Eigen::MatrixXd gain = reach.transpose() * reach;
        const double largest = gain.diagonal().maxCoeff();
        if (!(largest > 0)) break;  // nothing free moves the grip
        const Vec2 off = gripAt(x) - target;
        const Eigen::VectorXd down = -reach.transpose() * Eigen::Vector2d(off.x, off.y);
        bool accepted = false;
        double length = 0;
        for (int attempt = 0; attempt < kMaxTries && !accepted; ++attempt) {
            const Eigen::MatrixXd damped =
                gain + damping * largest * Eigen::MatrixXd::Identity(gain.rows(), gain.cols());
            Eigen::VectorXd step = free * damped.ldlt().solve(down);
            length = step.norm();
            if (length > kPullStepShare * lever) step *= kPullStepShare * lever / length;
            Eigen::VectorXd trial = x + scale.cwiseProduct(step);
            const double trialWorst = project(trial);
            const double trialDistance = miss(trial, target);
            accepted = trialWorst <= std::max(kMet, worst) && trialDistance < distance;
            if (accepted) {
                x = std::move(trial);
                problem.turnTo(x.data());
                worst = trialWorst;
                distance = trialDistance;
                damping = std::max(kLeastDamping, damping / 3);
            } else {
                damping = std::min(kMostDamping, damping * 8);
            }
        }
        if (!accepted || length <= kStillShare * lever) break;
    }
    const std::vector<double> solved(x.data(), x.data() + x.size());
    problem.scatter(solved.data(), state);
    state.angles = problem.angles();
    auto given = [](const ElementStates& states) { return states.empty() ? nullptr : &states; };
    assembleFrame(*dragScript, planned,
                  {given(elements), given(elementRates), given(elementAccelerations)},
                  Continuity::Fresh, finisher, motion, nullptr, state);
}

DragSolver::DragSolver(std::shared_ptr<const Script> script, const FramePlan& plan,
                       const FrameSolution& frame, const Grip& grip, const SolveOptions& options)
    : m(std::make_unique<Pull>(std::move(script), plan, frame, grip, options)) {}

DragSolver::~DragSolver() = default;

const DragSource& DragSolver::source() const {
    return m->source;
}

int DragSolver::unknownCount() const {
    return m->problem.unknownCount();
}

FrameSolution DragSolver::pullTo(Vec2 target) {
    if (m->pose < 0) {
        // No constraint mentions the thing: nothing holds it, it goes where it is pulled.
        Pose& p = m->state.poses[m->grip.thing];
        const Vec2 miss = target - p.apply(m->grip.local);
        p.x += miss.x;
        p.y += miss.y;
    } else if (unknownCount() <= kDragUnknownLimit) {
        m->pull(target);
    }
    FrameSolution frame = m->state;
    const size_t variables = m->script->variables.size();
    frame.variables.resize(variables);
    if (!frame.variableVelocities.empty()) frame.variableVelocities.resize(variables);
    if (!frame.variableAccelerations.empty()) frame.variableAccelerations.resize(variables);
    return frame;
}

std::vector<double> DragSolver::numberValues() const {
    std::vector<double> values;
    for (size_t i = 0; i < m->source.numbers.size(); ++i)
        values.push_back(m->state.variables[m->script->variables.size() + i].x);
    return values;
}

Vec2 DragSolver::gripPosition() const {
    return m->state.poses[m->grip.thing].apply(m->grip.local);
}

}  // namespace mv
