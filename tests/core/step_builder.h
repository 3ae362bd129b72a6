#pragma once
// Builds small Script values by hand for tests of the constraint store and the frame plan, which
// need only steps and keyed constraints, not a parsed text.

#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "core/model/constraint_store.h"
#include "core/model/script.h"

namespace mv::test {

// Constraint ids from numbers, for comparing with what the store and the plan return.
inline std::vector<ConstraintId> constraintIds(std::initializer_list<uint32_t> ids) {
    std::vector<ConstraintId> out;
    for (uint32_t id : ids) out.push_back(ConstraintId{id});
    return out;
}

class ScriptBuilder {
public:
    ScriptBuilder& fps(double value) {
        m_script.config.fps = value;
        return *this;
    }
    ScriptBuilder& step(double time) {
        m_script.steps.push_back({time, {}, {}, {}});
        return *this;
    }
    // A constraint in the latest step; `key` empty for none.
    ScriptBuilder& constraint(std::string key, bool frees = false) {
        Constraint c;
        c.key = std::move(key);
        c.frees = frees;
        c.step = static_cast<int>(m_script.steps.size()) - 1;
        m_script.steps.back().constraints.push_back(
            static_cast<ConstraintId>(m_script.constraints.size()));
        m_script.constraints.push_back(std::move(c));
        return *this;
    }
    Script build() {
        assignLifetimes(m_script.constraints, static_cast<int>(m_script.steps.size()));
        return m_script;
    }

private:
    Script m_script;
};

}  // namespace mv::test
