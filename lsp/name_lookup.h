#pragma once
// What a position in a document names, for hover and go-to-definition: the dotted name under the
// cursor (core/editing/name_path.h) read against the script that compiled last, or the time marker
// the cursor is on. Names are looked up by name, so an older compile still answers for a text
// edited since; markers only in the version that compiled.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/model/frame_plan.h"
#include "core/model/script.h"

namespace mv::lsp {

struct Named {
    enum class Kind {
        None,
        Thing,
        Anchor,
        Element,
        State,
        Parameter,
        Interaction,
        Mass,
        Gravity,  // the machine's gravity
        Variable,
        Function,
        Reserved,
        Marker
    };
    Kind kind = Kind::None;
    uint32_t index = 0;  // thing, element, interaction, mass, variable or step
    uint32_t sub = 0;    // anchor, state or parameter
    std::string name;    // the dotted name as written
};

// `line` is the cursor's line of the current text and `column` the cursor's byte in it;
// `offset` the cursor's byte in the text, used for markers when `sameVersion`.
Named lookup(const Script& script, std::string_view line, size_t column, uint32_t offset,
             bool sameVersion);

// The step the byte `offset` of the compiled text lies in (0 before the first marker).
int stepAt(const Script& script, uint32_t offset);

// The first and last frame of step `step` (frame 0 before any step has frames).
std::pair<int, int> framesOfStep(const FramePlan& plan, int step);

}  // namespace mv::lsp
