#pragma once
// The values of one frame as the editor writes them: every thing's pose, every anchor's world
// position, the named variables and the element states. The Values panel shows these texts and
// hovering a name in the script reads them here, so the two can never disagree, and neither reads
// the other's widgets. Kept by position, as the script lists things and elements, so showing a
// frame (25 times a second in playback) looks nothing up by name; the hover, which is rare, does.

#include <QString>
#include <QStringList>

#include <memory>
#include <utility>
#include <vector>

#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

class FrameValues {
public:
    FrameValues() = default;
    FrameValues(std::shared_ptr<const Script> script, const FrameSolution& frame);

    // Empty where the frame has no such value.
    QString thing(size_t thing) const { return at(m_things, thing); }
    QString anchor(size_t thing, size_t anchor) const;
    QString variable(size_t variable) const { return at(m_variables, variable); }
    QString state(size_t element, size_t state) const;
    // An element's states in one text: "theta = 0.100, omega = 0.000".
    QString element(size_t element) const;

    // The value of the longest leading part of `path` that names one (`Crank.Q.x` is Crank.Q's:
    // a thing, Thing.Anchor, a variable, an element, Element.state), with that part joined by
    // dots. Empty when not even the first part names a value.
    std::pair<QString, QString> longestOf(const QStringList& path) const;

private:
    static QString at(const std::vector<QString>& list, size_t i) {
        return i < list.size() ? list[i] : QString();
    }

    std::shared_ptr<const Script> m_script;
    std::vector<QString> m_things;                // by ThingId
    std::vector<std::vector<QString>> m_anchors;  // by ThingId, then anchor
    std::vector<QString> m_variables;             // by VariableId; empty for anonymous ones
    std::vector<std::vector<QString>> m_states;   // by ElementId, then state
};

// How the editor writes numbers: positions to a thousandth of a unit (a pixel at scale 1), angles
// to a hundredth of a degree; a value that rounds to zero is 0, and beyond 1e9 scientific.
QString valueText(double value, int decimals = 3);

}  // namespace mv
