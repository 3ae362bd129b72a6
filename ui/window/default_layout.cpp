#include "ui/window/default_layout.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QSplitter>

#include <algorithm>

#include "ui/editor/script_editor.h"

namespace mv {

namespace {

constexpr int kValuesCharacters = 36;  // "velocity   [-123.4, 456.7]/s" and a little

}  // namespace

void DefaultLayout::apply(QMainWindow* window) const {
    const int valuesWidth = values->fontMetrics().averageCharWidth() * kValuesCharacters;
    const int script = this->script->widthForColumns(kScriptColumns);
    const bool threeColumns = window->width() >= script + kMinCanvasWidth + valuesWidth;
    if (threeColumns) {
        window->addDockWidget(Qt::RightDockWidgetArea, values);
        window->resizeDocks({values}, {valuesWidth}, Qt::Horizontal);
    } else {
        window->tabifyDockWidget(bottom, values);
        bottom->raise();
    }
    // The docks take their room at the next layout: the centre is what they will leave.
    const int central = window->width() - (threeColumns ? valuesWidth : 0);
    const int scriptWidth = std::max(0, std::min(script, central - kMinCanvasWidth));
    scriptAndStage->setSizes({scriptWidth, central - scriptWidth});
}

}  // namespace mv
