#include "solver/api/solve_text.h"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "solver/api/animation.h"
#include "solver/output/frame_fields.h"

namespace mv {

namespace {

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", std::abs(value) < 5e-13 ? 0.0 : value);
    return text;
}

std::string point(Vec2 v) {
    return "[" + number(v.x) + ", " + number(v.y) + "]";
}

// A velocity or acceleration: "undefined" at a dead centre, where it has no value.
std::string motion(double value) {
    return std::isfinite(value) ? number(value) : "undefined";
}
std::string motion(Vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y) ? point(v) : "undefined";
}

// The text walks the same fields as JSON and CSV (frame_fields.h), laid out for reading: a thing's
// anchors on its line and their motions on lines below it, a variable's motions on its line. The
// groups arrive in the order FrameFields lists them; a line is printed once everything on it
// has arrived.
class TextFields final : public FrameFieldSink {
public:
    TextFields(std::ostream& out, const Script& script, SolveTextDetail detail)
        : m_out(out), m_script(script), m_velocities(detail.velocities), m_forces(detail.forces) {}

    void beginGroup(std::string_view name) override {
        if (m_forces && m_path.empty() && name == "forces") {
            finish();
            m_out << "  forces\n";
        }
        m_path.emplace_back(name);
        m_index = 0;
    }
    void beginUndefinedGroup(std::string_view name) override {
        beginGroup(name);
        if (m_undefinedFrom == 0) m_undefinedFrom = m_path.size();
    }
    void endGroup() override {
        const bool undefined = m_undefinedFrom != 0;
        if (m_undefinedFrom == m_path.size()) m_undefinedFrom = 0;
        if (m_forces && !undefined && inForces()) endForceGroup();
        if (m_forces && undefined && m_path.size() == 1 && m_path[0] == "forces")
            m_out << "  forces undefined\n";
        m_path.pop_back();
        if (m_path.size() == 1 && m_path[0] == "things") printThing();
    }
    void integer(std::string_view name, int value) override {
        if (name == "index") m_header = "frame " + std::to_string(value);
    }
    void number(std::string_view name, double value) override {
        if (m_path.empty()) return header(name, mv::number(value));
        if (inThing()) return thingNumber(name, value);
        if (inForces()) return forceField(name, mv::number(value));
        field(name, mv::number(value), motion(value));
    }
    void point(std::string_view name, Vec2 value) override {
        if (inThing()) return thingPoint(name, value);
        if (inForces()) return forceField(name, mv::point(value));
        field(name, mv::point(value), motion(value));
    }
    void text(std::string_view name, std::string_view value) override {
        if (inForces()) return forceField(name, value);
        if (name == "status")
            m_out << m_header << "  " << (value == "failed" ? "FAILED" : "ok") << '\n';
    }
    void boolean(std::string_view, bool) override {}
    void summary(const FrameSummary& summary) override {
        for (const FrameSummary::Off& off : summary.off)
            m_out << "  " << describeOff(m_script, off) << '\n';
    }

    // Prints the variables' lines, which wait for their velocities and accelerations.
    void finish() {
        for (const std::string& line : m_variables) m_out << line << '\n';
        m_variables.clear();
    }

private:
    void header(std::string_view name, const std::string& value) {
        if (name == "time") m_header += "  T=" + value + " s";
        if (name == "t") m_header += "  t=" + value;
        if (name == "iv") m_header += "  iv=" + value;
    }

    bool inThing() const { return m_path.size() >= 2 && m_path[0] == "things"; }

    // The forces' groups (docs/command-line.md): a constraint's line, the energy's, the unheld
    // loads' line per thing; an undefined one (a constraint not active) prints nothing.
    bool inForces() const {
        return !m_path.empty() &&
               (m_path[0] == "forces" || m_path[0] == "energy" || m_path[0] == "unheld");
    }
    void forceField(std::string_view name, std::string_view value) {
        if (!m_forces || m_undefinedFrom != 0) return;
        const std::string& group = m_path[0];
        if (group == "energy") {
            m_line += "  " + std::string(name) + " " + std::string(value) + " J";
        } else if (name == "power") {
            m_line += "  power " + std::string(value) + " W";
        } else if (name == "at") {
            m_line += "  " + m_path.back() + " at " + std::string(value) + ":";
        } else if (name == "force") {
            if (group == "unheld") m_line += "  " + m_path.back() + ":";
            m_line += " force " + std::string(value) + " N";
        } else if (name == "torque") {
            m_line += "  torque " + std::string(value) + " N·m";
        }
    }
    // Prints the line a group ends: a constraint's (forces.NAME), the energy's, a thing's unheld
    // load.
    void endForceGroup() {
        const std::string& group = m_path[0];
        if (m_path.size() != (group == "energy" ? 1u : 2u)) return;
        if (group == "forces")
            m_out << "    " << m_path[1] << m_line << '\n';
        else if (!m_line.empty())
            m_out << "  " << group << m_line << '\n';
        m_line.clear();
    }

    // A thing's line: its position, its angle in degrees, then its anchors.
    void thingNumber(std::string_view name, double value) {
        if (name == "x") m_thing = "  " + m_path[1] + "  at [" + mv::number(value);
        if (name == "y") m_thing += ", " + mv::number(value) + "]";
        if (name == "angle")
            m_thing += "  angle " + mv::number(value * 180 / std::numbers::pi) + "°";
    }

    // An anchor on the thing's line, or its velocity or acceleration on a line of its own.
    void thingPoint(std::string_view name, Vec2 value) {
        const std::string& group = m_path.back();
        if (group == "anchors") {
            m_thing += "  " + std::string(name) + "=" + mv::point(value);
            m_anchors.push_back("    " + std::string(name));
        } else if (m_velocities) {
            m_anchors[m_index++] += (group == "velocities" ? "  v=" : "  a=") + motion(value);
            m_moved = true;
        }
    }

    void printThing() {
        m_out << m_thing << '\n';
        if (m_moved)
            for (const std::string& line : m_anchors) m_out << line << '\n';
        m_anchors.clear();
        m_moved = false;
    }

    // A variable's value, velocity or acceleration (all on its line), or an element's state.
    void field(std::string_view name, const std::string& value, const std::string& rate) {
        const std::string& group = m_path[0];
        if (group == "variables") {
            m_variables.push_back("  " + std::string(name) + " = " + value);
        } else if (group == "elements") {
            finish();
            m_out << "  " << m_path[1] << "." << name << " = " << value << '\n';
        } else if (m_velocities &&
                   (group == "variableVelocities" || group == "variableAccelerations")) {
            m_variables[m_index++] += (group == "variableVelocities" ? "  v=" : "  a=") + rate;
        }
    }

    std::ostream& m_out;
    const Script& m_script;
    const bool m_velocities;
    const bool m_forces;
    size_t m_undefinedFrom = 0;       // the depth of the undefined group the fields are in, or 0
    std::string m_line;               // the forces' line being put together
    std::vector<std::string> m_path;  // the groups open, outermost first
    size_t m_index = 0;               // the field's place in its group
    std::string m_header;
    std::string m_thing;                 // the thing's line
    std::vector<std::string> m_anchors;  // its anchors' motion lines
    bool m_moved = false;
    std::vector<std::string> m_variables;
};

}  // namespace

void writeSolveText(std::ostream& out, const Script& script, const FrameSolution& frame,
                    SolveTextDetail detail) {
    TextFields fields(out, script, detail);
    FrameFields(script).write(frame, fields);
    fields.finish();
}

}  // namespace mv
