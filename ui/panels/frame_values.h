#pragma once
// The values of one frame as the editor writes them: every thing's pose and motion as labelled
// rows (position, angle, velocity, turning), every anchor's world position, the named variables
// and the element states. The Values panel shows these texts and hovering a name in the script
// reads them here, so the two can never disagree, and neither reads the other's widgets. Kept by
// position, as the script lists things and elements, so showing a frame (25 times a second in
// playback) looks nothing up by name; the hover, which is rare, does.
//
// Numbers are written by core/text/readable_value.h: lengths at the decimals the canvas needs,
// angles in degrees reduced to (−180°, 180°] with the turns beside them. A periodic element state
// (a pendulum's theta) is an angle and reads so, its rate (theta_d1) in degrees per second.

#include <QString>
#include <QStringList>

#include <memory>
#include <utility>
#include <vector>

#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

// One quantity of a thing as a row reads it: "angle", "-54.0°, 2 turns".
struct LabelledValue {
    QString label;
    QString value;
};

class FrameValues {
public:
    FrameValues() = default;
    FrameValues(std::shared_ptr<const Script> script, const FrameSolution& frame);

    // A thing's labelled quantities: position and angle, then with the frame's rates velocity
    // and turning. Empty where the frame has no such thing.
    const std::vector<LabelledValue>& thingRows(size_t thing) const;
    // The same in one text: "position [20.0, 30.0], angle 90.0°".
    QString thing(size_t thing) const;
    // Empty where the frame has no such value.
    QString anchor(size_t thing, size_t anchor) const;
    QString variable(size_t variable) const { return at(m_variables, variable); }
    QString state(size_t element, size_t state) const;
    // An element's states in one text: "theta = 5.7°, theta_d1 = 0.0°/s".
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
    std::vector<std::vector<LabelledValue>> m_things;  // by ThingId
    std::vector<std::vector<QString>> m_anchors;       // by ThingId, then anchor
    std::vector<QString> m_variables;                  // by VariableId; empty for anonymous ones
    std::vector<std::vector<QString>> m_states;        // by ElementId, then state
};

// How the editor writes a number that is not a length of the canvas: `decimals` fixed decimals
// (core/text/readable_value.h's fixedText).
QString valueText(double value, int decimals);

}  // namespace mv
