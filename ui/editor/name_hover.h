#pragma once
// What hovering a name in the script shows: its value at the current frame, read from the Values
// panel, so the tooltip and the panel can never disagree: a thing's pose, an anchor's world
// position, a named variable, an element's state. An element's parameter, which is a constant and
// not in the panel, comes from the script. `Crank.Q.x` shows Crank.Q: the panel's row.

#include <QString>

class QTextDocument;
class QTreeWidget;

namespace mv {

struct Script;

// The tooltip for document position `position`; empty when no known name is there.
// `values` is the Values panel (a tree of groups whose rows are named in column 0 and show their
// value in column 1); `script` is the script it shows (may be null).
QString describeNameAt(const QTextDocument& document, int position, const QTreeWidget& values,
                       const Script* script);

}  // namespace mv
