#include "ui/editor/number_literal.h"

#include <cmath>

namespace mv {

namespace {

bool isNumberChar(QChar c) {
    return c.isDigit() || c == '.';
}

// Whether the text before `position` leaves `position` outside comments and strings.
bool inCode(const QString& line, int position) {
    QChar quote;
    for (int i = 0; i < position; ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == quote) quote = QChar();
            continue;
        }
        if (c == '\'' || c == '"') quote = c;
        if (c == '/' && i + 1 < line.size() && (line[i + 1] == '/' || line[i + 1] == '*'))
            return false;
    }
    return quote.isNull();
}

// A minus at `minus` is a sign when what comes before it cannot end an operand.
bool isSign(const QString& line, int minus) {
    int i = minus - 1;
    while (i >= 0 && line[i].isSpace()) --i;
    return i < 0 || QStringLiteral("[(,=<>+-*/").contains(line[i]);
}

}  // namespace

std::optional<NumberLiteral> numberAt(const QString& line, int position) {
    if (position < 0 || position > line.size()) return std::nullopt;
    int begin = position, end = position;
    while (begin > 0 && isNumberChar(line[begin - 1])) --begin;
    while (end < line.size() && isNumberChar(line[end])) ++end;
    if (begin == end || !inCode(line, begin)) return std::nullopt;
    // Part of a name (`x2`, `Q1`) or followed by an exponent: not a number to scrub.
    if (begin > 0 && (line[begin - 1].isLetter() || line[begin - 1] == '_')) return std::nullopt;
    if (end < line.size() && (line[end].isLetter() || line[end] == '_')) return std::nullopt;
    // The exponent of `1e-3`.
    const int sign = begin > 0 && (line[begin - 1] == '-' || line[begin - 1] == '+') ? 1 : 0;
    if (begin - sign > 0 && (line[begin - sign - 1] == 'e' || line[begin - sign - 1] == 'E'))
        return std::nullopt;
    const QString digits = line.mid(begin, end - begin);
    bool ok = false;
    double value = digits.toDouble(&ok);
    if (!ok) return std::nullopt;
    const int point = digits.indexOf('.');
    NumberLiteral number;
    number.decimals = point < 0 ? 0 : int(digits.size()) - point - 1;
    if (begin > 0 && line[begin - 1] == '-' && isSign(line, begin - 1)) {
        --begin;
        value = -value;
    }
    number.position = begin;
    number.length = end - begin;
    number.value = value;
    return number;
}

QString formatNumber(double value, int decimals) {
    const double unit = std::pow(10.0, -decimals);
    const double rounded = std::round(value / unit) * unit;
    return QString::number(rounded == 0 ? 0.0 : rounded, 'f', decimals);
}

}  // namespace mv
