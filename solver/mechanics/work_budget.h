#pragma once
// The mechanics' bound on work (docs/reference.md#diagnostics: bounded by counts, never by the
// clock). What costs time is evaluating expressions: the equations of motion (six times per
// Dormand-Prince step) and every wall's guard and region (sampled and root-found on every step, for
// every wall). Counting integrator steps alone let the cost grow with the number of walls: 41 walls
// and an extreme gravity took 100 s to reach a million steps. Counting evaluations keeps an extreme
// script at about a second whatever it contains. A pendulum hung from the machine, or a wall the
// machine moves, reads the machine's parts at the times it evaluates (solver/motion/
// driving_parts.h): solved now and then, which costs as much as some thirty evaluations (about 4
// µs against 0.1 µs), extended to a series, each order of which costs about half a solve, and
// read from that series, which costs a few evaluations. Each is counted at its weight, and such a
// script is allowed as much more per frame (a pivot shaken fast needs a solve or more a frame), so
// only the fixed part bounds a pathological one the tighter.

#include <string>

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
    static constexpr long kMachineRead = 4;
    static constexpr long kMachineSolve = 30;
    static constexpr long kSeriesOrder = 15;

    // `machine`: the script solves the machine's parts while integrating.
    WorkBudget(long frames, bool machine)
        : m_limit(kFixed + kPerFrame * (machine ? 1 + kMachineSolve : 1) * frames) {}

    void spend(long evaluations = 1) { m_spent += evaluations; }
    // What reading the machine cost so far: how often its parts were read and solved, and by
    // how many orders their series were extended.
    struct MachineWork {
        long reads = 0;
        long solves = 0;
        long seriesOrders = 0;
    };
    // The work done so far.
    long spent(MachineWork machine) const {
        return m_spent + kMachineRead * machine.reads + kMachineSolve * machine.solves +
               kSeriesOrder * machine.seriesOrders;
    }
    bool exhausted(MachineWork machine) const { return spent(machine) > m_limit; }
    // The weights of MachineWork, as a message over the budget says them.
    static std::string machineWeights() {
        return "a reading of the machine's parts counting as " + std::to_string(kMachineRead) +
               ", a solve of them as " + std::to_string(kMachineSolve) +
               ", an order of their series as " + std::to_string(kSeriesOrder);
    }
    long limit() const { return m_limit; }

private:
    long m_limit;
    long m_spent = 0;
};

}  // namespace mv
