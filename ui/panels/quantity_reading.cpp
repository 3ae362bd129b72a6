#include "ui/panels/quantity_reading.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/model/state_reading.h"
#include "core/text/readable_value.h"
#include "ui/panels/frame_loads.h"
#include "ui/panels/frame_values.h"

namespace mv {

namespace {

constexpr double kDegrees = 180 / std::numbers::pi;

// "units", "units/s", "units/s²": a unit and its rates.
QString rateUnit(const QString& unit, int derivative) {
    if (derivative == 1) return unit + "/s";
    if (derivative == 2) return unit + QString::fromUtf8("/s\u00b2");
    return unit;
}

QuantityReading loadReading(const PlottedQuantity& q) {
    using Source = PlottedQuantity::Source;
    QuantityReading r;
    r.kind = QuantityReading::Kind::Load;
    r.unit = q.source == Source::Energy  ? "J"
             : q.source == Source::Power ? "W"
             : q.component == 2          ? QString::fromUtf8("N\u00b7m")
                                         : "N";
    return r;
}

QuantityReading stateReadingOf(const Script& script, const PlottedQuantity& q, int decimals) {
    const Element& element = script.elements[q.index];
    QuantityReading r;
    const StateReading reading = stateReading(element, q.sub);
    if (reading != StateReading::Plain) {
        // theta_d1 is theta's first rate: its own rate is theta's second.
        const int order = q.derivative + (reading == StateReading::AngleRate ? 1 : 0);
        r.kind = order == 0 ? QuantityReading::Kind::Angle : QuantityReading::Kind::AngleRate;
        r.unit = rateUnit(QString::fromUtf8("°"), order);
        r.scale = kDegrees;
        r.decimals = kAngleDecimals;
        return r;
    }
    // An element's lengths are metres (docs/reference.md#mechanics): the canvas's decimals
    // and two more, as `scale` draws 100 canvas units a metre by default.
    r.kind = QuantityReading::Kind::Length;
    r.unit = rateUnit("m", q.derivative);
    r.decimals = std::min(6, decimals + 2);
    return r;
}

}  // namespace

QString QuantityReading::text(double plotted) const {
    if (!std::isfinite(plotted)) return QObject::tr("undefined");
    switch (kind) {
        case Kind::Angle:
            return QString::fromStdString(angleText(plotted / scale, decimals));
        case Kind::Load:
            return loadText(plotted) + ' ' + unit;
        default:
            break;
    }
    const QString number = valueText(plotted, decimals);
    return unit.isEmpty() ? number : number + ' ' + unit;
}

QuantityReading quantityReading(const PlottedScript& plotted, const PlottedQuantity& q) {
    if (!hasRates(q)) return loadReading(q);
    const Script& script = *plotted.script;
    const int decimals = canvasDecimals(script.config.width, script.config.height);
    if (q.source == PlottedQuantity::Source::State) return stateReadingOf(script, q, decimals);
    QuantityReading r;
    r.decimals = decimals;
    // An anchor is a point of the canvas; a vector variable is one too, a scalar may be anything.
    const bool length = q.source == PlottedQuantity::Source::Anchor ||
                        script.variables[q.index].type == ValueType::Vector;
    r.kind = length ? QuantityReading::Kind::Length : QuantityReading::Kind::Plain;
    if (length) r.unit = rateUnit("units", q.derivative);
    return r;
}

}  // namespace mv
