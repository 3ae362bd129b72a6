#pragma once
// The parts the HTML pages are made of: the player's files (resources/player/, compiled into the
// library), and a template's placeholders filled. The player page (html_export.h) and the
// editable page (editable_page.h) are both made so.

#include <QByteArray>
#include <QString>

#include <utility>
#include <vector>

namespace mv {

// resources/player/`name` (player.js, player.css, player.html); empty if there is none.
QByteArray playerFile(const char* name);

// Text as HTML shows it, in an element or an attribute's value (`<`, `&`, `"` escaped).
QByteArray htmlEscaped(const QString& text);
// The pages' @GENERATOR@: "movimentum" and its version.
QByteArray generatorName();

// The page template with its placeholders (@NAME@) filled, each where the template has it: the
// values themselves are never searched, so a value may contain anything.
QByteArray fillTemplate(const QByteArray& page,
                        const std::vector<std::pair<QByteArray, QByteArray>>& values);

}  // namespace mv
