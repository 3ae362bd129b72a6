#include "solver/dynamics/force_warnings.h"

#include <cmath>
#include <cstdio>

#include "core/diagnostics/diagnostic_table.h"
#include "core/model/elementary_functions.h"

namespace mv {

namespace {

void widen(FrameRange& range, int frame) {
    if (range.empty()) {
        range = {frame, frame};
        return;
    }
    range.first = std::min(range.first, frame);
    range.last = std::max(range.last, frame);
}

// A constraint as the user finds it: its label or key, else its line.
std::string nameOf(const Script& script, ConstraintId id) {
    const Constraint& c = script.constraints[id];
    if (!c.key.empty()) return c.key;
    return "the constraint on line " + std::to_string(script.source->location(c.range.begin).line);
}

std::string listed(const Script& script, const std::vector<ConstraintId>& ids) {
    std::string text;
    for (size_t i = 0; i < ids.size(); ++i) {
        if (i > 0) text += i + 1 == ids.size() ? " and " : ", ";
        text += nameOf(script, ids[i]);
    }
    return text;
}

std::string rounded(double value, const char* unit) {
    char text[48];
    std::snprintf(text, sizeof text, "%.3g %s", value, unit);
    return text;
}

}  // namespace

void ForceWarnings::note(const FrameSolution& frame) {
    if (!frame.forces) return;
    for (const std::vector<ConstraintId>& shared : frame.forces->indeterminate)
        widen(m_indeterminate[shared], frame.index);
    for (const UnheldLoad& load : frame.forces->unheld) {
        Unheld& unheld = m_unheld[load.thing];
        widen(unheld.frames, frame.index);
        unheld.force = std::max(unheld.force, elementary::hypot(load.force.x, load.force.y));
        unheld.torque = std::max(unheld.torque, std::abs(load.torque));
    }
}

std::vector<Diagnostic> ForceWarnings::diagnostics(const Script& script) const {
    std::vector<Diagnostic> said;
    for (const auto& [shared, frames] : m_indeterminate)
        said.push_back(makeDiagnostic(
            script.constraints[shared.front()].range,
            diag<DiagnosticId::StaticallyIndeterminate>(listed(script, shared), describe(frames)),
            shared));
    for (const auto& [thing, unheld] : m_unheld) {
        const std::string load = unheld.torque > 0 ? rounded(unheld.torque, "N·m") : "";
        const std::string force = unheld.force > 0 ? rounded(unheld.force, "N") : "";
        const std::string both = load.empty()    ? force
                                 : force.empty() ? load
                                                 : load + " and " + force;
        said.push_back(
            makeDiagnostic(script.things[thing].nameRange,
                           diag<DiagnosticId::LoadUnheld>(script.things[thing].name, both,
                                                          describe(unheld.frames))));
    }
    return said;
}

}  // namespace mv
