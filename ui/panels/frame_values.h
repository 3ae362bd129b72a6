#pragma once
// The values of one frame by name, as the editor tells them: every thing's pose ("Crank"), every
// anchor's world position ("Crank.Q"), the named variables and the element states ("Bob.theta").
// The Values panel shows these texts and hovering a name in the script reads them here, so the
// two can never disagree, and neither reads the other's widgets.

#include <QString>
#include <QStringList>

#include <map>

#include "core/script.h"
#include "solver/frame_solution.h"

namespace mv {

class FrameValues {
public:
    FrameValues() = default;
    FrameValues(const Script& script, const FrameSolution& frame);

    // The value of a name: a thing, Thing.Anchor, a variable, Element.state, or an element (its
    // states, "theta = 0.100, omega = 0.000"). Empty when there is none.
    QString of(const QString& name) const;
    // The value of the longest leading part of `path` that has one, with that part joined by
    // dots (`Crank.Q.x` is Crank.Q's). Empty when not even the first part has one.
    std::pair<QString, QString> longestOf(const QStringList& path) const;

private:
    std::map<QString, QString> m_values;
};

// How the editor writes numbers: positions to a thousandth of a unit (a pixel at scale 1), angles
// to a hundredth of a degree; a value that rounds to zero is 0, and beyond 1e9 scientific.
QString valueText(double value, int decimals = 3);

}  // namespace mv
