#pragma once
// What hovering a name in the script shows: its value at the current frame, from the frame's
// values (ui/panels/frame_values.h), which the Values panel shows too, so the tooltip and the
// panel can never disagree: a thing's pose, an anchor's world position, a named variable, an
// element's state. An element's parameter, which is a constant and not among the values, comes
// from the script. `Crank.Q.x` shows Crank.Q's value.

#include <QString>

class QTextDocument;

namespace mv {

class FrameValues;
struct Script;

// The tooltip for document position `position`; empty when no known name is there. `values`
// are the current frame's, of `script` (may be null).
QString describeNameAt(const QTextDocument& document, int position, const FrameValues& values,
                       const Script* script);

}  // namespace mv
