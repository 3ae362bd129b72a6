#pragma once
// What hovering a constraint in the script shows (its label too): what it carries at the current
// frame, as the Values panel's Forces group shows it (ui/panels/frame_loads.h), so the two never
// disagree. Only for a script with masses; below the value of a name under the mouse.

#include <QString>

class QTextDocument;

namespace mv {

class FrameLoads;

// The text for document position `position`; empty when no constraint that carries a load is
// written there, or when the text is not the one the loads were solved for (an edit not yet
// compiled: its offsets would name another statement).
QString describeLoadAt(const QTextDocument& document, int position, const FrameLoads& loads);

}  // namespace mv
