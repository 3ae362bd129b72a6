#include "solver/mechanics/periodic_reading.h"

#include <cmath>
#include <numbers>
#include <optional>

#include "solver/mechanics/state_environment.h"

namespace mv {

namespace {

constexpr size_t kMaxChanged = 4;  // periodic components whose k changes in one step
constexpr int kSamples = 3600;     // over the reduced range: a tenth of a degree for an angle

struct StateRead {
    uint32_t element = 0;
    uint32_t state = 0;
    friend bool operator==(const StateRead&, const StateRead&) = default;
};

// The one element state `e` reads, if it reads exactly one and otherwise only constants and
// parameters; nothing when it reads time, the machine, or two states.
std::optional<StateRead> onlyStateRead(const Expression& e, std::optional<StateRead> found,
                                       bool& other) {
    switch (e.op) {
        case ExprOp::ElementState: {
            const StateRead read{e.index, e.sub};
            if (found && !(*found == read)) other = true;
            return read;
        }
        case ExprOp::Number:
        case ExprOp::ElementParam:
            return found;
        case ExprOp::Variable:
        case ExprOp::Anchor:
        case ExprOp::AnchorVelocity:
        case ExprOp::AnchorAcceleration:
        case ExprOp::LocalTime:
        case ExprOp::AbsoluteTime:
        case ExprOp::StepLength:
            other = true;
            return found;
        default:
            break;
    }
    for (const ExpressionPtr& arg : e.args)
        if (arg) found = onlyStateRead(*arg, found, other);
    return found;
}

bool isTurn(double period) {
    return std::abs(period - 2 * std::numbers::pi) < 1e-12;
}

std::string number(double value) {
    std::string text = std::to_string(value);  // "3.500000"
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
    return text;
}

// "(-π, π]" for an angle, "(-1.5, 1.5]" for a period of 3.
std::string rangeText(double period) {
    if (isTurn(period)) return "(-π, π]";
    return "(" + number(-period / 2) + ", " + number(period / 2) + "]";
}

}  // namespace

PeriodicReading::PeriodicReading(const StateLayout& layout) : m_size(layout.size()) {
    for (const auto& [component, period] : layout.periodicComponents())
        m_components.emplace_back(component, period);
}

double PeriodicReading::reduce(double x, double period) {
    return x - period * std::ceil((x - period / 2) / period);
}

PeriodicReading::Shifts PeriodicReading::reducing(const StateVector& x) const {
    if (!any()) return {};
    Shifts shifts(static_cast<size_t>(m_size), 0.0);
    for (const auto& [at, period] : m_components) shifts[at] = shift(x[at], period);
    return shifts;
}

std::vector<PeriodicReading::Shifts> PeriodicReading::over(const StateVector& x0,
                                                           const StateVector& x1) const {
    std::vector<Shifts> readings{reducing(x0)};
    if (!any()) return readings;
    std::vector<std::pair<int, double>> changed;  // component, its shift at x1
    for (const auto& [at, period] : m_components) {
        const double end = shift(x1[at], period);
        if (end != readings[0][at]) changed.emplace_back(at, end);
    }
    if (changed.size() > kMaxChanged) changed.resize(kMaxChanged);
    // Every combination of start and end shifts of the components that changed.
    for (const auto& [at, end] : changed) {
        const size_t count = readings.size();
        for (size_t r = 0; r < count; ++r) {
            Shifts other = readings[r];
            other[at] = end;
            readings.push_back(std::move(other));
        }
    }
    return readings;
}

std::optional<DiagnosticMessage> unreachableGuard(const Script& script, const StateLayout& layout,
                                                  const Interaction& wall) {
    const Expression& guard = *wall.guard;
    bool other = false;
    const std::optional<StateRead> read = onlyStateRead(guard, std::nullopt, other);
    if (!read || other || read->element >= script.elements.size()) return {};
    const Element& element = script.elements[read->element];
    if (read->state >= element.states.size()) return {};
    const ElementState& state = element.states[read->state];
    if (!(state.period > 0) || state.type != ValueType::Scalar) return {};
    StateVector x = layout.initialState();
    const int at = layout.offset(ElementId{read->element}, read->state);
    const StateEnvironment<double> env(script, layout, x.data(), TimeContext{});
    double previous = NAN;
    for (int i = 0; i <= kSamples; ++i) {
        x[at] = state.period * (double(i) / kSamples - 0.5);
        const double g = evaluate<double>(guard, env).x;
        if (!std::isfinite(g)) return {};  // not ours to judge
        if (g == 0 || (std::isfinite(previous) && (previous < 0) != (g < 0))) return {};
        previous = g;
    }
    const std::string period = isTurn(state.period) ? "2π" : number(state.period);
    return diag<DiagnosticId::WallNeverMet>(wall.name, element.name + "." + state.name, period,
                                            rangeText(state.period));
}

}  // namespace mv
