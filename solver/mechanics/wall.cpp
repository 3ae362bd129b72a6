#include "solver/mechanics/wall.h"

#include <ceres/jet.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "solver/mechanics/state_environment.h"

namespace mv {

namespace {

using GradientJet = ceres::Jet<double, Wall::kMaxPositionComponents>;

using Why = std::optional<DiagnosticMessage>;

// Why an expression of a wall cannot be used, or nothing when it can.
Why checkExpression(const ExpressionPtr& expression, ValueType type, const Script& script,
                    const Interaction& wall, const char* part, bool machine) {
    if (!expression) return std::nullopt;
    if (expression->type != type) {
        return diag<DiagnosticId::WallExpressionType>(
            wall.name, part, type == ValueType::Boolean ? "a condition" : "a scalar");
    }
    if (findNonMechanicalLeaf(*expression, script, machine))
        return diag<DiagnosticId::WallExpressionReads>(wall.name, part);
    return std::nullopt;
}

// Why the position/velocity pairing of a reflection is unusable, or nothing when it is fine.
Why checkPairing(const Interaction& wall, const Element& element) {
    if (wall.positions.empty()) return diag<DiagnosticId::WallWithoutPosition>(wall.name);
    if (wall.positions.size() != wall.velocities.size())
        return diag<DiagnosticId::WallUnpaired>(wall.name);
    for (size_t i = 0; i < wall.positions.size(); ++i) {
        const uint32_t p = wall.positions[i], v = wall.velocities[i];
        if (p >= element.states.size() || v >= element.states.size())
            return diag<DiagnosticId::WallNotState>(wall.name, element.name);
        if (element.states[p].type != element.states[v].type)
            return diag<DiagnosticId::WallPairTypes>(wall.name, element.states[p].name,
                                                     element.states[v].name);
    }
    return std::nullopt;
}

std::vector<int> components(const StateLayout& layout, ElementId element,
                            const std::vector<uint32_t>& states) {
    std::vector<int> result;
    for (const uint32_t state : states) {
        for (int k = 0; k < layout.components(element, state); ++k)
            result.push_back(layout.offset(element, state) + k);
    }
    return result;
}

bool readsMachine(const Expression& e) {
    if (readsAnchor(e.op) || e.op == ExprOp::Variable) return true;
    return std::any_of(e.args.begin(), e.args.end(),
                       [](const ExpressionPtr& arg) { return arg && readsMachine(*arg); });
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
    double sum = 0;
    for (size_t k = 0; k < a.size(); ++k) sum += a[k] * b[k];
    return sum;
}

}  // namespace

std::optional<Wall> Wall::make(const Script& script, const StateLayout& layout,
                               uint32_t interaction, Diagnostics& diagnostics,
                               DrivingParts* driving) {
    const Interaction& wall = script.interactions[interaction];
    auto reject = [&](DiagnosticMessage why) {
        diagnostics.report(wall.range, std::move(why));
        return std::nullopt;
    };
    if (wall.target >= script.elements.size())
        return reject(diag<DiagnosticId::WallTargetMissing>(wall.name));
    if (!wall.guard) return reject(diag<DiagnosticId::WallWithoutGuard>(wall.name));
    // A loop was reported where it was found (driving_parts.h); the wall is left out.
    if (driving && (driving->loops(*wall.guard) || (wall.region && driving->loops(*wall.region))))
        return std::nullopt;
    const bool machine = driving != nullptr;
    for (Why why :
         {checkExpression(wall.guard, ValueType::Scalar, script, wall, "guard", machine),
          checkExpression(wall.region, ValueType::Boolean, script, wall, "region", machine),
          checkPairing(wall, script.elements[wall.target])}) {
        if (why) return reject(std::move(*why));
    }
    if (wall.direction < -1 || wall.direction > 1)
        return reject(diag<DiagnosticId::WallDirection>(wall.name));
    if (!(wall.restitution >= 0 && wall.restitution <= 1))
        return reject(diag<DiagnosticId::WallRestitution>(wall.name));
    std::vector<int> positions = components(layout, wall.target, wall.positions);
    if (positions.size() > static_cast<size_t>(kMaxPositionComponents))
        return reject(diag<DiagnosticId::WallTooManyPositions>(
            wall.name, std::to_string(kMaxPositionComponents)));
    if (auto never = unreachableGuard(script, layout, wall))
        diagnostics.report(wall.guard->range, std::move(*never));
    const bool moves = readsMachine(*wall.guard) || (wall.region && readsMachine(*wall.region));
    return Wall(script, layout, interaction, std::move(positions),
                components(layout, wall.target, wall.velocities), moves ? driving : nullptr);
}

Wall::Wall(const Script& script, const StateLayout& layout, uint32_t index,
           std::vector<int> positions, std::vector<int> velocities, DrivingParts* driving)
    : m_script(&script),
      m_layout(&layout),
      m_index(index),
      m_positions(std::move(positions)),
      m_velocities(std::move(velocities)),
      m_driving(driving),
      m_periodic(layout) {}

// Only the states the guard or region reads matter, but reducing the others changes nothing
// they read.
PeriodicReading::Shifts Wall::reducing(const StateVector& x) const {
    return m_periodic.reducing(x);
}

const MachineMotion* Wall::machine(TimeContext time) const {
    return m_driving ? m_driving->at(time) : nullptr;
}

double Wall::guard(const StateVector& x, TimeContext time,
                   const PeriodicReading::Shifts* reading) const {
    const PeriodicReading::Shifts reduced = reading ? PeriodicReading::Shifts{} : reducing(x);
    StateEnvironment<double> env(*m_script, *m_layout, x.data(), time, nullptr, machine(time));
    env.shifted(reading ? *reading : reduced);
    return evaluate<double>(*interaction().guard, env).x;
}

bool Wall::inRegion(const StateVector& x, TimeContext time) const {
    if (!interaction().region) return true;
    const PeriodicReading::Shifts reduced = reducing(x);
    StateEnvironment<double> env(*m_script, *m_layout, x.data(), time, nullptr, machine(time));
    env.shifted(reduced);
    return evaluate<double>(*interaction().region, env).x > 0;
}

double Wall::wallRate(const StateVector& x, TimeContext time) const {
    const PeriodicReading::Shifts reduced = reducing(x);
    StateEnvironment<Taylor> env(*m_script, *m_layout, x.data(), time, nullptr, machine(time));
    env.shifted(reduced);
    return evaluate<Taylor>(*interaction().guard, env).x.rate();
}

bool Wall::crosses(double before, double after) const {
    const bool rising = before < 0 && after >= 0;
    const bool falling = before > 0 && after <= 0;
    switch (interaction().direction) {
        case 1:
            return rising;
        case -1:
            return falling;
        default:
            return rising || falling;
    }
}

std::vector<double> Wall::normal(const StateVector& x, TimeContext time) const {
    const PeriodicReading::Shifts reduced = reducing(x);
    StateEnvironment<GradientJet> env(*m_script, *m_layout, x.data(), time, &m_positions,
                                      machine(time));
    env.shifted(reduced);
    const GradientJet g = evaluate<GradientJet>(*interaction().guard, env).x;
    std::vector<double> n(m_positions.size());
    for (size_t k = 0; k < n.size(); ++k) n[k] = g.v[static_cast<int>(k)];
    return n;
}

void Wall::project(std::vector<double>& v, const std::vector<double>& n, double offset) {
    const double along = (dot(v, n) + offset) / dot(n, n);
    for (size_t k = 0; k < v.size(); ++k) v[k] -= along * n[k];
}

Wall::Bounce Wall::reflect(StateVector& x, const StateVector& rates, TimeContext time) const {
    const std::vector<double> n = normal(x, time);
    const double nn = dot(n, n);
    if (!(nn > 0) || !std::isfinite(nn)) return {};
    double vn = wallRate(x, time), an = 0, scale = 1;
    for (size_t k = 0; k < n.size(); ++k) {
        vn += x[m_velocities[k]] * n[k];
        an += rates[m_velocities[k]] * n[k];
        scale += std::abs(n[k] * x[m_positions[k]]);
    }
    const double e = interaction().restitution;
    for (size_t k = 0; k < n.size(); ++k) x[m_velocities[k]] -= (1 + e) * vn / nn * n[k];
    // After the bounce the guard moves at -e vn (vn: its rate along the motion, the wall's own
    // included) and accelerates at about an (a flat-wall estimate); it rises by
    // (e vn)^2 / (2 |an|) before the pull brings it back.
    const double rate = -e * vn;
    const bool pulledBack = rate * an < 0;
    const double rise = pulledBack ? rate * rate / (2 * std::abs(an)) : HUGE_VAL;
    const double resolution = kResolution * std::numeric_limits<double>::epsilon() * scale;
    return {true, std::abs(rate) / std::sqrt(nn) < kRestSpeed || rise <= resolution};
}

double Wall::normalSpeed(const StateVector& x, TimeContext time) const {
    const std::vector<double> n = normal(x, time);
    const double nn = dot(n, n);
    if (!(nn > 0)) return 0;
    double vn = wallRate(x, time);
    for (size_t k = 0; k < n.size(); ++k) vn += x[m_velocities[k]] * n[k];
    return vn / std::sqrt(nn);
}

void Wall::removeNormalVelocity(StateVector& x, TimeContext time) const {
    const std::vector<double> n = normal(x, time);
    if (!(dot(n, n) > 0)) return;
    std::vector<double> v(m_velocities.size());
    for (size_t k = 0; k < v.size(); ++k) v[k] = x[m_velocities[k]];
    project(v, n, wallRate(x, time));
    for (size_t k = 0; k < v.size(); ++k) x[m_velocities[k]] = v[k];
}

void Wall::moveOnto(StateVector& x, TimeContext time) const {
    const std::vector<double> n = normal(x, time);
    const double nn = dot(n, n);
    if (!(nn > 0)) return;
    const double along = guard(x, time) / nn;
    for (size_t k = 0; k < n.size(); ++k) x[m_positions[k]] -= along * n[k];
}

void Wall::hold(const StateVector& x, StateVector& dxdt, double side, TimeContext time) const {
    const std::vector<double> n = normal(x, time);
    if (!(dot(n, n) > 0)) return;
    // The guard along the motion with the positions unaccelerated: its rate g', and in its
    // acceleration what the wall's motion and curvature add to n.a.
    const PeriodicReading::Shifts reduced = reducing(x);
    StateEnvironment<Taylor> env(*m_script, *m_layout, x.data(), time, nullptr, machine(time),
                                 dxdt.data());
    env.shifted(reduced);
    const Taylor along = evaluate<Taylor>(*interaction().guard, env).x;
    std::vector<double> a(m_velocities.size());
    for (size_t k = 0; k < a.size(); ++k) a[k] = dxdt[m_velocities[k]];
    // g'' = n.a + along'' must not push the point into the wall; a larger one lifts it off.
    if (side * (dot(a, n) + along.acceleration()) >= 0) return;
    std::vector<double> rate(m_positions.size());
    for (size_t k = 0; k < rate.size(); ++k) rate[k] = dxdt[m_positions[k]];
    project(a, n, along.acceleration());
    project(rate, n, along.rate() - dot(rate, n));
    for (size_t k = 0; k < a.size(); ++k) dxdt[m_velocities[k]] = a[k];
    for (size_t k = 0; k < rate.size(); ++k) dxdt[m_positions[k]] = rate[k];
}

}  // namespace mv
