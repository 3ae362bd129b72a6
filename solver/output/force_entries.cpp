#include "solver/api/force_entries.h"

#include <algorithm>
#include <map>

#include "core/model/drive.h"

namespace mv {

namespace {

// Every thing `e` reads, with the first anchor of each in reading order.
void readThings(const Expression& e, std::map<uint32_t, int>& firstAnchor) {
    if (readsAnchor(e.op)) firstAnchor.emplace(e.index, int(e.sub));
    for (const ExpressionPtr& a : e.args)
        if (a) readThings(*a, firstAnchor);
}

std::string lineName(const Script& script, const Constraint& c, std::map<int, int>& perLine) {
    const int line = script.source->location(c.range.begin).line;
    const int count = ++perLine[line];
    std::string name = "line " + std::to_string(line);
    return count == 1 ? name : name + "." + std::to_string(count);
}

}  // namespace

std::vector<ForceEntry> forceEntries(const Script& script) {
    std::vector<ForceEntry> entries;
    std::vector<std::map<uint32_t, int>> reads;  // by entry: thing → its first anchor read
    std::map<std::string, size_t> byName;
    std::map<std::pair<int, std::string>, int> perStepKey;  // (step, key) → how many so far
    std::map<int, int> perLine;
    for (ConstraintId id{0}; id < ConstraintId(uint32_t(script.constraints.size())); ++id) {
        const Constraint& c = script.constraints[id];
        if (c.relation != Relation::Equal || c.frees) continue;
        std::string name = c.key;
        if (name.empty()) {
            name = lineName(script, c, perLine);
        } else if (const int count = ++perStepKey[{c.step, c.key}]; count > 1) {
            name += "#" + std::to_string(count);
        }
        const auto [at, added] = byName.emplace(name, entries.size());
        if (added) {
            entries.push_back({name, {}, {}, {}, false});
            reads.emplace_back();
        }
        entries[at->second].constraints.push_back(id);
        entries[at->second].drive = entries[at->second].drive || isDrive(c);
        readThings(*c.lhs, reads[at->second]);
        readThings(*c.rhs, reads[at->second]);
    }
    for (size_t i = 0; i < entries.size(); ++i) {
        for (const auto& [thing, anchor] : reads[i]) {
            entries[i].things.push_back(ThingId(thing));
            entries[i].anchors.push_back(anchor);
        }
    }
    return entries;
}

const ConstraintLoad* loadOf(const FrameForces& forces, ConstraintId constraint) {
    const auto at = std::lower_bound(
        forces.constraints.begin(), forces.constraints.end(), constraint,
        [](const ConstraintLoad& load, ConstraintId wanted) { return load.constraint < wanted; });
    return at != forces.constraints.end() && at->constraint == constraint ? &*at : nullptr;
}

const ConstraintLoad* activeLoad(const ForceEntry& entry, const FrameForces& forces) {
    for (const ConstraintId id : entry.constraints)
        if (const ConstraintLoad* load = loadOf(forces, id)) return load;
    return nullptr;
}

const ThingLoad* loadOn(const ConstraintLoad* load, ThingId thing) {
    if (!load) return nullptr;
    for (const ThingLoad& on : load->on)
        if (on.thing == thing) return &on;
    return nullptr;
}

}  // namespace mv
