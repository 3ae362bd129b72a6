#pragma once
// The dotted name at a position in a line of script: hovering `Q` in `Crank.Q.x` gives
// ["Crank", "Q"], hovering `x` gives ["Crank", "Q", "x"]. Only what lies left of the position
// counts, which is also what completion needs. A number (`1.5`) is no name; a member of an
// expression (`[1,0].rotate`) is a name of its own.

#include <QStringList>

namespace mv {

// `column` is a position in `line` (a character index, 0 to line.size()); the name may start or
// end there, so a cursor just after a name finds it.
QStringList namePathAt(const QString& line, int column);

}  // namespace mv
