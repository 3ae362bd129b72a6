#include "ui/panels/frame_loads.h"

#include <QObject>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace mv {

namespace {

constexpr int kDigits = 3;
constexpr double kRounding = 1e-9;  // below this a load is the solver's rounding of 0
constexpr double kFixedLimit = 1e9;

QString undefined() {
    return QObject::tr("undefined");
}

QString vec(Vec2 v) {
    return QStringLiteral("[%1, %2]").arg(loadText(v.x), loadText(v.y));
}

}  // namespace

QString loadText(double v) {
    if (!std::isfinite(v)) return undefined();
    if (std::abs(v) < kRounding) return QStringLiteral("0");
    if (std::abs(v) >= kFixedLimit) return QString::number(v, 'g', kDigits);
    const int magnitude = int(std::floor(std::log10(std::abs(v))));
    return QString::number(v, 'f', std::max(0, kDigits - 1 - magnitude));
}

FrameLoads::FrameLoads(std::shared_ptr<const Script> script, std::shared_ptr<const Entries> entries,
                       const FrameSolution& frame)
    : m_script(std::move(script)), m_entries(std::move(entries)), m_forces(frame.forces) {
    if (!m_entries || !m_forces) return;
    for (const ForceEntry& entry : *m_entries) m_active.push_back(activeLoad(entry, *m_forces));
}

bool FrameLoads::listed(size_t entry) const {
    return !defined() || (entry < m_active.size() && m_active[entry]);
}

QString FrameLoads::power(size_t entry) const {
    if (!m_entries || entry >= m_entries->size() || !(*m_entries)[entry].drive) return {};
    if (!defined()) return undefined();
    const ConstraintLoad* load = m_active[entry];
    return load && load->drive ? QObject::tr("power %1 W").arg(loadText(load->power)) : QString();
}

QString FrameLoads::on(size_t entry, size_t thing) const {
    if (!m_entries || entry >= m_entries->size()) return {};
    if (!defined()) return undefined();
    const ForceEntry& written = (*m_entries)[entry];
    if (thing >= written.things.size()) return {};
    const ThingLoad* load = loadOn(m_active[entry], written.things[thing]);
    if (!load) return {};
    const Thing& loaded = m_script->things[load->thing];
    return QObject::tr("at %1: force %2 N, torque %3 N·m")
        .arg(QString::fromStdString(loaded.anchors[size_t(load->anchor)].name), vec(load->force),
             loadText(load->torque));
}

QString FrameLoads::energy(double joules) const {
    if (!m_entries) return {};
    return defined() ? QObject::tr("%1 J").arg(loadText(joules)) : undefined();
}

QString FrameLoads::kinetic() const {
    return energy(m_forces ? m_forces->kinetic : 0);
}

QString FrameLoads::potential() const {
    return energy(m_forces ? m_forces->potential : 0);
}

QString FrameLoads::describe(ConstraintId constraint) const {
    if (!m_entries) return {};
    for (size_t e = 0; e < m_entries->size(); ++e) {
        const ForceEntry& entry = (*m_entries)[e];
        const auto& ids = entry.constraints;
        if (std::find(ids.begin(), ids.end(), constraint) == ids.end()) continue;
        const QString name = QString::fromStdString(entry.name);
        if (!defined()) return QObject::tr("%1: undefined at this frame").arg(name);
        if (!m_active[e] || m_active[e]->constraint != constraint)
            return QObject::tr("%1: not active at this frame").arg(name);
        QStringList parts;
        for (size_t t = 0; t < entry.things.size(); ++t)
            if (const QString load = on(e, t); !load.isEmpty())
                parts << QObject::tr("on %1 %2")
                             .arg(QString::fromStdString(m_script->things[entry.things[t]].name),
                                  load);
        if (const QString work = power(e); !work.isEmpty()) parts << work;
        return name + ": " + parts.join(QStringLiteral("; "));
    }
    return {};
}

}  // namespace mv
