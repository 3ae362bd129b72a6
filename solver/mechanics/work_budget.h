#pragma once
// The mechanics' bound on work (docs/reference.md#diagnostics: bounded by counts, never by the
// clock). What costs time is evaluating expressions: the equations of motion (six times per
// Dormand-Prince step) and every wall's guard and region (sampled and root-found on every step, for
// every wall). Counting integrator steps alone let the cost grow with the number of walls: 41 walls
// and an extreme gravity took 100 s to reach a million steps. Counting evaluations keeps an extreme
// script at about a second whatever it contains. A pendulum hung from the machine, or a wall the
// machine moves, solves the machine's parts at each new time it evaluates
// (solver/motion/driving_parts.h), which costs as much as some thirty evaluations (about 4 µs
// against 0.1 µs): those solves are counted at that weight, and such a script is allowed as much
// more per frame (a pivot shaken fast needs hundreds of solves a frame), so only the fixed part
// bounds a pathological one the tighter.

namespace mv {

// Reflections between two frames, beyond which the simulation stops: a ball trapped between two
// walls that meet would otherwise bounce ever faster within one frame.
inline constexpr int kMaxReflectionsPerFrame = 10000;

class WorkBudget {
public:
    // A fixed part plus some per frame: far above what smooth motion needs (a pendulum costs a
    // few dozen evaluations per frame, a ball among ten walls a few hundred), yet a second or so
    // of work at most.
    static constexpr long kFixed = 6000000;
    static constexpr long kPerFrame = 600;
    static constexpr long kMachineSolve = 30;

    // `machine`: the script solves the machine's parts while integrating.
    WorkBudget(long frames, bool machine)
        : m_limit(kFixed + kPerFrame * (machine ? 1 + kMachineSolve : 1) * frames) {}

    void spend(long evaluations = 1) { m_spent += evaluations; }
    // The work done so far, `machineSolves` being how often the machine's parts were solved.
    long spent(long machineSolves) const { return m_spent + kMachineSolve * machineSolves; }
    bool exhausted(long machineSolves) const { return spent(machineSolves) > m_limit; }
    long limit() const { return m_limit; }

private:
    long m_limit;
    long m_spent = 0;
};

}  // namespace mv
