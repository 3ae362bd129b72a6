#pragma once
// The editable page (`movimentum render --editable`, issue 43): one HTML file with the script in a
// code editor beside the player, and the compiler and solver in WebAssembly running in a Web
// Worker, so every edit is compiled and solved in the browser. The pictures the script uses are
// embedded as they are on disk, found by the names the script gives them. Nothing is fetched.
//
// The page's parts that are not C++ come from one folder that scripts/web.sh fills
// (build-web/page/): the page's template, the solver (emscripten's module with the worker's code)
// and the editor (CodeMirror, resources/web/editor.js and the desktop's player,
// resources/player/player.js, bundled and minified by esbuild); the player's style is the
// desktop's own. The player's data is written in the page by the same code as the player page's
// (solver/api/player_data.h), compiled to WebAssembly.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include "core/model/script.h"

namespace mv {

// The files the folder of the page's parts holds.
QStringList editablePageParts();

// The page for `script` (compiled from its file, its image names resolved), its other parts read
// from `partsFolder`. Empty with `error` set when a part or a picture cannot be read.
QByteArray editablePage(const Script& script, const QString& partsFolder, QString* error);

}  // namespace mv
