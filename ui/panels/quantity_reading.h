#pragma once
// How a plotted quantity reads (plotted_quantity.h): the unit on its lane, the factor from the
// solver's value to the plotted one, and the text of one value. One rule for every lane and every
// read-out, the Values panel's (frame_values.h): lengths of the canvas and their rates at the
// decimals the canvas needs, angles in degrees (the read-out reduced to (−180°, 180°] with the
// turns beside it, core/text/readable_value.h), what a constraint carries at three significant
// digits, as the Forces rows write it (frame_loads.h).

#include <QString>

#include "ui/panels/plotted_quantity.h"

namespace mv {

struct QuantityReading {
    enum class Kind { Length, Angle, AngleRate, Plain, Load };
    Kind kind = Kind::Plain;
    QString unit;      // "units/s", "°", "N·m"; empty for a number without one
    double scale = 1;  // plotted = solver's value × scale (radians to degrees)
    int decimals = 1;

    // `plotted` (already scaled) with its unit: "-54.0°, 2 turns", "269.5 units/s", "0.0736 N·m".
    QString text(double plotted) const;
};

QuantityReading quantityReading(const PlottedScript& script, const PlottedQuantity& quantity);

}  // namespace mv
