#pragma once
// What the constraints carry at one frame as the editor writes it (docs/mechanics.md, "Forces"):
// under the names `solve` prints them (solver/api/force_entries.h), each drive's power, each
// constraint's force and torque on every thing it loads, and the machine's energy. The Values
// panel's Forces group shows these texts and hovering a constraint in the script reads them here,
// so the two never disagree. A frame without forces (failed, or at a dead centre) has every text
// "undefined".

#include <QString>

#include <memory>
#include <vector>

#include "core/model/script.h"
#include "solver/api/force_entries.h"
#include "solver/api/frame_solution.h"

namespace mv {

class FrameLoads {
public:
    using Entries = std::vector<ForceEntry>;

    FrameLoads() = default;
    // `entries` are forceEntries(*script), found once per script; null without masses.
    FrameLoads(std::shared_ptr<const Script> script, std::shared_ptr<const Entries> entries,
               const FrameSolution& frame);

    const Script* script() const { return m_script.get(); }
    // Whether the Values panel lists the entry at this frame: its constraint is active here, or
    // the frame has no forces to tell (then every entry is listed, undefined).
    bool listed(size_t entry) const;
    // "power 2.31 W" for a drive; empty for a constraint that does no work.
    QString power(size_t entry) const;
    // "at A: force [0, 0] N, torque 0.0736 N·m": the load on the entry's `thing`-th thing, about
    // the anchor `at`; empty where the active constraint puts nothing on it.
    QString on(size_t entry, size_t thing) const;
    QString kinetic() const;  // "0.0413 J"
    QString potential() const;
    // What hovering a constraint says: "motor: on Crank at A: force [0, 0] N, torque 0.0736 N·m;
    // power 2.31 W", or that it is not active at this frame. Empty for one that carries nothing
    // (an inequality, `Key = _`) and for a script without masses.
    QString describe(ConstraintId constraint) const;

private:
    bool defined() const { return m_forces != nullptr; }
    QString energy(double joules) const;

    std::shared_ptr<const Script> m_script;
    std::shared_ptr<const Entries> m_entries;
    std::shared_ptr<const FrameForces> m_forces;  // null where the frame has none
    std::vector<const ConstraintLoad*> m_active;  // by entry, into m_forces; null: not active
};

// How the editor writes a force, torque, power or energy: three significant digits, as they span
// orders of magnitude (a pin's newtons, a small crank's millinewton-metres); what is below a
// billionth is the solver's rounding and is 0.
QString loadText(double value);

}  // namespace mv
