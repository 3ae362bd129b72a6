// The integration driver of simulateMechanics (solver/mechanics/simulate_mechanics.h). It
// integrates the flat state vector (state_layout.h) with Boost.Odeint's Dormand-Prince 5(4) stepper
// in dense-output mode (dense_stepper.h), one step interval of the script at a time: resets at the
// marker, then step after adaptive step. After each step it looks for events on the step's
// interpolation (crossing_locator.h): a guard crossing in a wall's region, or a resting point
// sliding out of its wall's region. At the earliest event it cuts the step, applies the jump
// (wall.h) and restarts the stepper there, so every event is located, not detected after the fact.
// Frames are read off the interpolation at their exact times. A limit on events per frame and a
// budget of evaluations (work_budget.h) turn a pathological script into a diagnostic instead of a
// hang.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>
#include <optional>
#include <string>

#include "solver/mechanics/crossing_locator.h"
#include "solver/mechanics/dense_stepper.h"
#include "solver/mechanics/equations_of_motion.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/mechanics/resets.h"
#include "solver/mechanics/simulate_mechanics.h"
#include "solver/mechanics/state_layout.h"
#include "solver/mechanics/wall.h"
#include "solver/mechanics/work_budget.h"

namespace mv {

namespace {

// Relative and absolute error per step. Tighter than the 1e-10 asked for, so that the energy of a
// pendulum drifts by less than 1e-9 over a hundred periods.
constexpr double kTolerance = 1e-12;
// What handling one event costs besides its guard evaluations: the jump and a stepper restart.
constexpr long kEventWork = 10;
// A resting point farther than this from its wall (in guard units) has left it.
constexpr double kLeaveDistance = 1e-9;
// How far beyond a wall (in guard units) a point may end a step: the guard's rounding and the
// machine's solve, never a crossing (docs/reference.md#mechanics).
constexpr double kLeakDistance = 1e-9;

bool allFinite(const StateVector& x) {
    return std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); });
}

std::string timeText(double T) {
    char text[40];
    std::snprintf(text, sizeof text, "%.9g", T);
    return text;
}

// The longest integrator step: one frame interval. Without it a motion the stepper integrates
// exactly (a point in free flight) would grow its steps without bound, and with them the times
// events are bracketed at; with it every frame interval is scanned for crossings at kSamples
// points at least.
double maxStep(const Script& script) {
    const double fps = script.config.fps;
    return fps > 0 && std::isfinite(fps) ? 1 / fps : 1.0;
}

class Simulation {
public:
    Simulation(const Script& script, const FramePlan& plan, const std::atomic<bool>* cancel,
               int endFrame, const SolveOptions& options, SegmentModelStore* models)
        : m_script(script),
          m_plan(plan),
          m_frameCount(endFrame < 0 ? plan.frames.size()
                                    : std::min(plan.frames.size(), size_t(endFrame))),
          m_cancel(cancel),
          m_layout(script),
          m_driving(script, plan, m_diagnostics, options, models),
          m_equations(script, m_layout, m_diagnostics, &m_driving),
          m_maxStep(maxStep(script)),
          m_work(static_cast<long>(m_frameCount), m_driving.active()),
          m_stepper(denseStepper(kTolerance, m_maxStep)) {
        for (uint32_t i = 0; i < script.interactions.size(); ++i) {
            if (script.interactions[i].kind != Interaction::Kind::Reflection) continue;
            if (auto wall = Wall::make(script, m_layout, i, m_diagnostics, &m_driving))
                m_walls.push_back(*wall);
        }
    }

    MechanicsResult run() {
        if (m_frameCount == 0 || m_script.steps.empty()) return finish();
        m_x = m_layout.initialState();
        m_scratch = m_x;
        if (!checkFinite(m_script.steps[0].time)) return finish();
        for (int step = 0; step < static_cast<int>(m_script.steps.size()); ++step) {
            if (m_nextFrame >= m_frameCount || !integrateStep(step)) break;
        }
        return finish();
    }

private:
    enum class EventKind { Bounce, Rest, Leak, LeaveRegion };
    struct Event {
        EventKind kind;
        size_t index;  // Bounce, Rest, Leak: into m_walls; LeaveRegion: into m_contacts
        double time;
        double side;  // the others: sign of the guard on the side the point comes from
    };

    // Integrates over step `step`, from its marker to the next marker, or to the last frame
    // when that comes first.
    bool integrateStep(int step) {
        const MechanicsClock clock(m_script, step);
        m_step = step;
        const double start = m_script.steps[step].time;
        const bool last = step + 1 >= static_cast<int>(m_script.steps.size());
        const double lastFrame = m_plan.frames[m_frameCount - 1].time;
        const double end =
            std::max(start, last ? lastFrame : std::min(lastFrame, m_script.steps[step + 1].time));
        m_time = start;
        const std::vector<ElementId> touched =
            applyResets(m_script, m_layout, step, clock.at(start), m_x, m_diagnostics);
        std::erase_if(m_contacts, [&](const Contact& c) {
            return std::find(touched.begin(), touched.end(), m_walls[c.wall].target()) !=
                   touched.end();
        });
        if (!checkFinite(start)) return false;
        settleOnWalls(clock);
        if (m_stopped) return false;
        sampleFrames(step, start, [&](double) { return m_x; });
        if (end > start && m_layout.size() > 0 && !integrateTo(end, clock)) return false;
        sampleFrames(step, end, [&](double) { return m_x; });
        return true;
    }

    bool integrateTo(double end, const MechanicsClock& clock) {
        const auto system = [this, &clock](const StateVector& x, StateVector& dxdt, double T) {
            m_work.spend();
            m_equations.rates(x, dxdt, clock.at(T), m_walls, m_contacts);
        };
        m_stepper.initialize(m_x, m_time, std::min({1e-3, (end - m_time) / 4, m_maxStep}));
        while (m_time < end) {
            if (m_cancel && m_cancel->load(std::memory_order_relaxed)) {
                m_result.cancelled = true;
                return false;
            }
            std::pair<double, double> span;
            try {
                span = m_stepper.do_step(system);
            } catch (const std::exception& error) {
                return stop(diag<DiagnosticId::IntegratorFailed>(timeText(m_time), error.what()));
            }
            // Named copies, not a structured binding: the lambda below captures them, which the
            // WebAssembly build's clang (emscripten 3.1.6) does not accept yet.
            const double t0 = span.first, t1 = span.second;
            if (!(t1 > t0)) return stop(diag<DiagnosticId::StepVanished>(timeText(t0)));
            if (!allFinite(m_stepper.current_state())) return checkFiniteAt(t1);
            const double reach = std::min(t1, end);
            std::optional<Event> event = findEvent(t0, reach, clock);
            if (m_stopped) return false;
            if (auto leak = findLeak(t0, event ? event->time : reach, clock)) event = leak;
            if (m_work.exhausted(machineWork())) return stopOverBudget(t1);
            const double until = event ? event->time : reach;
            sampleFrames(clock.step(), until, [&](double T) {
                m_stepper.calc_state(std::clamp(T, t0, t1), m_scratch);
                return m_scratch;
            });
            if (until == t1) {
                m_x = m_stepper.current_state();
            } else {
                m_stepper.calc_state(until, m_x);
            }
            m_time = until;
            if (!checkFinite(until)) return false;
            const bool restart = event ? handle(*event, clock) : dropLeavingContacts(clock);
            if (m_stopped) return false;
            if (restart) {
                m_stepper.initialize(m_x, m_time,
                                     std::min(m_stepper.current_time_step(), m_maxStep));
            }
        }
        return true;
    }

    // The earliest event in [t0, t1] of the current stepper step, if any.
    std::optional<Event> findEvent(double t0, double t1, const MechanicsClock& clock) {
        std::optional<Event> first;
        const auto consider = [&](const Event& event) {
            if (!first || event.time < first->time) first = event;
        };
        for (size_t w = 0; w < m_walls.size() && !m_stopped; ++w) {
            if (resting(w)) continue;
            if (auto event = findBounce(w, t0, t1, clock)) consider(*event);
        }
        for (size_t c = 0; c < m_contacts.size(); ++c) {
            const Wall& wall = m_walls[m_contacts[c].wall];
            const auto inRegion = [&](double T) {
                m_work.spend();
                return wall.inRegion(stateAt(T), clock.at(T));
            };
            if (const auto end = findEnd(inRegion, t0, t1))
                consider({EventKind::LeaveRegion, c, end->after, m_contacts[c].side});
        }
        return first;
    }

    // The first crossing of wall w in [t0, t1] that lies in its region, on any of the step's
    // continuous readings of periodic states (periodic_reading.h).
    std::optional<Event> findBounce(size_t w, double t0, double t1, const MechanicsClock& clock) {
        std::optional<Event> first;
        for (const auto& reading : m_walls[w].periodic().over(stateAt(t0), stateAt(t1))) {
            const auto event = findBounce(w, t0, t1, clock, reading);
            if (event && (!first || event->time < first->time)) first = event;
        }
        return first;
    }

    // Wall w's guard along the step's interpolation, on one continuous reading; each evaluation
    // counts against the work budget.
    auto guardAlongStep(size_t w, const MechanicsClock& clock,
                        const PeriodicReading::Shifts& reading) {
        return [this, w, &clock, &reading](double T) {
            m_work.spend();
            return m_walls[w].guard(stateAt(T), clock.at(T), &reading);
        };
    }

    std::optional<Event> findBounce(size_t w, double t0, double t1, const MechanicsClock& clock,
                                    const PeriodicReading::Shifts& reading) {
        const Wall& wall = m_walls[w];
        const auto guard = guardAlongStep(w, clock, reading);
        const auto accepts = [&](double before, double after) {
            return wall.crosses(before, after);
        };
        for (double from = t0; from < t1;) {
            const CrossingScan scan = findFirstCrossing(
                guard, from, t1, accepts, from == t0 ? startSide(wall, guard(from)) : 0.0);
            if (scan.nonFinite) {
                stopOn(wall.interaction().range,
                       diag<DiagnosticId::GuardNotFinite>(wall.interaction().name, timeText(from)));
                return std::nullopt;
            }
            if (!scan.crossing) return std::nullopt;
            const Crossing crossing = *scan.crossing;
            const double side = scan.side;
            if (!wall.inRegion(stateAt(crossing.before), clock.at(crossing.before))) {
                if (!(crossing.after > from)) return std::nullopt;
                from = crossing.after;
                continue;
            }
            if (!awayFrom(wall, side, crossing.after, clock))
                return Event{EventKind::Bounce, w, crossing.before, side};
            // A root of the guard's rounding just after an event: the point still moves away
            // from the wall, and its true crossing comes after the top of its hop. A hop that
            // never rises above the rounding is the end of the bounces: the point rests.
            const auto top = findEnd([&](double T) { return awayFrom(wall, side, T, clock); },
                                     crossing.after, t1);
            if (!top) return std::nullopt;
            if (!(side * guard(top->before) > 0))
                return Event{EventKind::Rest, w, crossing.before, side};
            from = top->before;
        }
        return std::nullopt;
    }

    // The side a point at a one-way wall counts as on when the guard there is `g`: a point the
    // last event left on the wall is on the side the wall reflects from, whatever the guard's
    // rounding or the machine's solve make of it; 0 elsewhere and on a two-way wall.
    static double startSide(const Wall& wall, double g) {
        const double side = -wall.interaction().direction;
        return side != 0 && side * g >= -wall.onWall() ? side : 0;
    }

    // Whether the point moves away from the wall at T, relative to it, on the side `side`.
    bool awayFrom(const Wall& wall, double side, double T, const MechanicsClock& clock) {
        m_work.spend();
        return side * wall.normalSpeed(stateAt(T), clock.at(T)) > 0;
    }

    // The check behind the promise that nothing leaks through a wall: a point that starts the
    // step [t0, until] on a wall's side would end it beyond the wall by more than kLeakDistance
    // only where the scan missed a crossing (two within one sample interval). Such a step is
    // not accepted: the crossing is located and handled like any other.
    std::optional<Event> findLeak(double t0, double until, const MechanicsClock& clock) {
        for (size_t w = 0; w < m_walls.size(); ++w) {
            if (resting(w)) continue;
            for (const auto& reading : m_walls[w].periodic().over(stateAt(t0), stateAt(until)))
                if (auto leak = findLeak(w, t0, until, clock, reading)) return leak;
        }
        return std::nullopt;
    }

    std::optional<Event> findLeak(size_t w, double t0, double until, const MechanicsClock& clock,
                                  const PeriodicReading::Shifts& reading) {
        const Wall& wall = m_walls[w];
        const auto outside = guardAlongStep(w, clock, reading);
        const double start = outside(t0);
        const int direction = wall.interaction().direction;
        const double side = direction != 0 ? -direction : std::copysign(1.0, start);
        if (side * start < -kLeakDistance || !(side * outside(until) < -kLeakDistance) ||
            !wall.inRegion(stateAt(until), clock.at(until)))
            return std::nullopt;
        const auto crossing =
            findEnd([&](double T) { return side * outside(T) >= -kLeakDistance; }, t0, until);
        if (!crossing) return std::nullopt;
        ++m_result.leaks;
        return Event{EventKind::Leak, w, crossing->before, side};
    }

    // Applies an event at m_time to m_x; true when the stepper must restart.
    bool handle(const Event& event, const MechanicsClock& clock) {
        const size_t w =
            event.kind == EventKind::LeaveRegion ? m_contacts[event.index].wall : event.index;
        const Wall& wall = m_walls[w];
        ++m_result.events;
        m_work.spend(kEventWork);
        if (++m_eventsSinceFrame > kMaxReflectionsPerFrame) {
            stopOn(wall.interaction().range,
                   diag<DiagnosticId::TooManyReflections>(wall.interaction().name,
                                                          std::to_string(kMaxReflectionsPerFrame),
                                                          timeText(m_time)));
            return false;
        }
        if (event.kind == EventKind::LeaveRegion) {
            m_contacts.erase(m_contacts.begin() + static_cast<long>(event.index));
            return true;
        }
        const TimeContext time = clock.at(m_time);
        if (event.kind == EventKind::Rest) {
            rest(w, event.side, time);
            return true;
        }
        // Cut where it reached kLeakDistance beyond the wall, the point is put back on it.
        if (event.kind == EventKind::Leak) wall.moveOnto(m_x, time);
        bounce(w, event.side, time);
        return true;
    }

    // Reflects m_x off wall w, which it meets from `side`, and lets it rest there when slow.
    void bounce(size_t w, double side, TimeContext time) {
        const Wall& wall = m_walls[w];
        m_equations.rates(m_x, m_scratch, time, m_walls, m_contacts);
        const Wall::Bounce bounce = wall.reflect(m_x, m_scratch, time);
        if (!bounce.reflected) {
            stopOn(wall.interaction().range,
                   diag<DiagnosticId::GuardFlat>(wall.interaction().name, timeText(m_time)));
            return;
        }
        if (bounce.rests) rest(w, side, time);
    }

    // Puts m_x at rest on wall w: from now on it moves with the wall along the wall's normal.
    void rest(size_t w, double side, TimeContext time) {
        m_walls[w].moveOnto(m_x, time);
        m_walls[w].removeNormalVelocity(m_x, time);
        m_contacts.push_back({w, side});
    }

    // A point that starts a step on a one-way wall (|g| <= Wall::onWall(), inside the region) is on
    // the side the wall reflects from; if it heads into the wall it bounces now, so a ball placed
    // on a floor rests there instead of falling through a crossing that starts at zero.
    void settleOnWalls(const MechanicsClock& clock) {
        const TimeContext time = clock.at(m_time);
        for (size_t w = 0; w < m_walls.size() && !m_stopped; ++w) {
            const Wall& wall = m_walls[w];
            const double side = -wall.interaction().direction;
            if (side == 0 || resting(w) || !(std::abs(wall.guard(m_x, time)) <= wall.onWall()) ||
                !wall.inRegion(m_x, time) || side * wall.normalSpeed(m_x, time) > 0)
                continue;
            bounce(w, side, time);
        }
    }

    // Releases the contacts whose point has moved off its wall; true when any was released.
    bool dropLeavingContacts(const MechanicsClock& clock) {
        return std::erase_if(m_contacts, [&](const Contact& c) {
                   return c.side * m_walls[c.wall].guard(m_x, clock.at(m_time)) > kLeaveDistance;
               }) > 0;
    }

    bool resting(size_t wall) const {
        return std::any_of(m_contacts.begin(), m_contacts.end(),
                           [&](const Contact& c) { return c.wall == wall; });
    }

    const StateVector& stateAt(double T) {
        m_stepper.calc_state(T, m_scratch);
        return m_scratch;
    }

    // Records the frames of steps up to `step` whose time is at or before `until`.
    void sampleFrames(int step, double until, const std::function<StateVector(double)>& stateAt) {
        while (m_nextFrame < m_frameCount) {
            const Frame& frame = m_plan.frames[m_nextFrame];
            if (frame.step > step || frame.time > until) return;
            const StateVector x = stateAt(frame.time);
            m_result.frames.push_back(m_layout.unpack(x));
            m_equations.motion(x, MechanicsClock(m_script, frame.step).at(frame.time), m_walls,
                               m_contacts, m_rate, m_acceleration);
            m_result.rates.push_back(m_layout.unpack(m_rate));
            m_result.accelerations.push_back(m_layout.unpack(m_acceleration));
            ++m_nextFrame;
            m_eventsSinceFrame = 0;
        }
    }

    bool checkFinite(double T) { return allFinite(m_x) || checkFiniteAt(T); }

    // Reports the first element whose state is not finite in the stepper's state at T.
    bool checkFiniteAt(double T) {
        const StateVector& x = allFinite(m_x) ? m_stepper.current_state() : m_x;
        for (ElementId e{0}; e < m_script.elements.size(); ++e) {
            const Element& element = m_script.elements[e];
            for (uint32_t s = 0; s < element.states.size(); ++s) {
                const Vec2 v = m_layout.get(x, e, s);
                if (std::isfinite(v.x) && std::isfinite(v.y)) continue;
                stopOn(element.nameRange,
                       diag<DiagnosticId::StateNotFinite>(
                           element.name + "." + element.states[s].name, timeText(T)));
                return false;
            }
        }
        return stop(diag<DiagnosticId::SomeStateNotFinite>(timeText(T)));
    }

    bool stopOverBudget(double T) {
        const std::string weighed =
            m_driving.reads() > 0 ? " (" + WorkBudget::machineWeights() + ")" : "";
        return stop(diag<DiagnosticId::MechanicsOverBudget>(
            timeText(T), std::to_string(m_work.spent(machineWork())), weighed,
            std::to_string(m_work.limit())));
    }

    WorkBudget::MachineWork machineWork() const {
        return {.reads = m_driving.reads(),
                .solves = m_driving.solves(),
                .seriesOrders = m_driving.seriesOrders()};
    }

    // Stops on the marker of the step being integrated, for failures that belong to no element.
    bool stop(DiagnosticMessage why) {
        stopOn(m_script.steps[m_step].markerRange, std::move(why));
        return false;
    }

    void stopOn(SourceRange range, DiagnosticMessage why) {
        m_diagnostics.report(range, std::move(why));
        m_stopped = true;
    }

    // Fills the frames a stop left out with the last state, so there is one per frame of the
    // plan; a cancelled run returns only the frames it reached.
    MechanicsResult finish() {
        if (!m_result.cancelled) {
            const StateVector rest(static_cast<size_t>(m_layout.size()), 0.0);
            while (m_result.frames.size() < m_frameCount) {
                m_result.frames.push_back(
                    m_layout.unpack(m_x.empty() ? m_layout.initialState() : m_x));
                m_result.rates.push_back(m_layout.unpack(rest));
                m_result.accelerations.push_back(m_layout.unpack(rest));
            }
        }
        m_result.diagnostics = m_diagnostics.list();
        m_result.evaluations = m_work.spent(machineWork());
        return std::move(m_result);
    }

    const Script& m_script;
    const FramePlan& m_plan;
    const size_t m_frameCount;  // the leading frames simulated
    const std::atomic<bool>* m_cancel;
    Diagnostics m_diagnostics;
    StateLayout m_layout;
    DrivingParts m_driving;  // the machine parts the pivots read
    EquationsOfMotion m_equations;
    double m_maxStep;
    WorkBudget m_work;
    std::vector<Wall> m_walls;
    std::vector<Contact> m_contacts;
    DenseStepper m_stepper;
    StateVector m_x;
    StateVector m_scratch;
    StateVector m_rate, m_acceleration;  // of the frame being sampled
    double m_time = 0;
    int m_step = 0;  // the step being integrated
    size_t m_nextFrame = 0;
    int m_eventsSinceFrame = 0;
    bool m_stopped = false;
    MechanicsResult m_result;
};

}  // namespace

MechanicsResult simulateMechanics(const Script& script, const FramePlan& plan,
                                  const std::atomic<bool>* cancel, int endFrame,
                                  const SolveOptions& options, SegmentModelStore* models) {
    return Simulation(script, plan, cancel, endFrame, options, models).run();
}

}  // namespace mv
