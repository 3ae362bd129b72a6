#include "ui/name_at.h"

namespace mv {

namespace {

bool isNameChar(QChar c) {
    return c.isLetterOrNumber() || c == '_';
}

// The start of the name that ends at `end` (== end when there is none).
int nameStart(const QString& line, int end) {
    int begin = end;
    while (begin > 0 && isNameChar(line[begin - 1])) --begin;
    return begin;
}

bool isName(const QString& line, int begin, int end) {
    return begin < end && !line[begin].isDigit();
}

}  // namespace

QStringList namePathAt(const QString& line, int column) {
    if (column < 0 || column > line.size()) return {};
    int end = column;
    while (end < line.size() && isNameChar(line[end])) ++end;
    int begin = nameStart(line, end);
    if (!isName(line, begin, end)) return {};
    QStringList path{line.mid(begin, end - begin)};
    while (begin >= 2 && line[begin - 1] == '.') {
        const int before = nameStart(line, begin - 1);
        if (!isName(line, before, begin - 1)) break;
        path.prepend(line.mid(before, begin - 1 - before));
        begin = before;
    }
    return path;
}

}  // namespace mv
