#pragma once
// core/editing/name_path.h for the editor's text: a line as Qt holds it, a position in characters.

#include <QStringList>

namespace mv {

// `column` is a position in `line` (a character index, 0 to line.size()); the name may start or
// end there, so a cursor just after a name finds it.
QStringList namePathAt(const QString& line, int column);

}  // namespace mv
