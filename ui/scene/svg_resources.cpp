#include "ui/scene/svg_resources.h"

#include <QRegularExpression>

namespace mv {

namespace {

// Any href attribute, whatever its namespace prefix (xlink:href, href, or a custom prefix bound
// to the XLink namespace): Qt's renderer reads it by name.
const QRegularExpression& hrefAttribute() {
    static const QRegularExpression re(
        QStringLiteral(R"re(((?:[\w.-]+:)?href\s*=\s*)("[^"]*"|'[^']*'))re"));
    return re;
}

// Kept only when it cannot leave the file. Anything else, an entity reference included, goes:
// a value we cannot read at a glance is not trusted.
bool staysInside(const QString& value) {
    return value.startsWith('#') || value.startsWith(QStringLiteral("data:"));
}

// What a removed reference becomes: a transparent pixel, so the element still parses and draws
// nothing, and Qt has no file name to complain about.
const char* const kNothing =
    "\"data:image/png;base64,"
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="
    "\"";

}  // namespace

QByteArray withoutExternalResources(const QByteArray& svg, QStringList* skipped) {
    const QString text = QString::fromUtf8(svg);
    QString cleaned;
    cleaned.reserve(text.size());
    qsizetype copied = 0;
    auto matches = hrefAttribute().globalMatch(text);
    while (matches.hasNext()) {
        const QRegularExpressionMatch match = matches.next();
        const QString quoted = match.captured(2);
        const QString value = quoted.mid(1, quoted.size() - 2).trimmed();
        if (staysInside(value)) continue;
        if (skipped) *skipped << value;
        cleaned += QStringView(text).mid(copied, match.capturedStart(2) - copied);
        cleaned += QLatin1String(kNothing);
        copied = match.capturedEnd(2);
    }
    if (copied == 0) return svg;
    cleaned += QStringView(text).mid(copied);
    return cleaned.toUtf8();
}

}  // namespace mv
