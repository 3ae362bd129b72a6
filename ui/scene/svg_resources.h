#pragma once
// SVG files may refer to other files (`<image xlink:href="/home/me/secret.png">`), and Qt's SVG
// renderer loads them. A shared script could then copy a user's private pictures into every
// frame it exports. Before an SVG is drawn, every reference that leaves the file is replaced by
// an embedded transparent pixel; references inside it (`#id`) and embedded data (`data:` URLs)
// stay.

#include <QByteArray>
#include <QStringList>

namespace mv {

// `svg` without its references to other files; `skipped` (may be null) receives them.
QByteArray withoutExternalResources(const QByteArray& svg, QStringList* skipped);

}  // namespace mv
