#include "ui/panels/diagnostics_dock.h"

#include <QLayout>
#include <QMainWindow>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/panels/diagnostics_list.h"
#include "ui/panels/diagnostics_strip.h"

namespace mv {

namespace {

constexpr int kDefaultListRows = 6;
constexpr int kCollapsedRows = 3;  // a dock this low or lower shows no list worth keeping

}  // namespace

DiagnosticsDock::DiagnosticsDock(DiagnosticsList* list, QMainWindow* window)
    : QDockWidget(tr("Diagnostics"), window),
      m_window(window),
      m_list(list),
      m_strip(new DiagnosticsStrip) {
    setObjectName("diagnosticsDock");  // the key of the saved layout: never the translated title
    m_strip->setObjectName("diagnosticsStrip");
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_strip);
    layout->addWidget(list, 1);
    layout->addStretch(0);  // under a closed list: the strip stays at the top
    list->hide();
    setWidget(box);
    connect(m_strip, &DiagnosticsStrip::clicked, this, &DiagnosticsDock::toggleList);
    // Behind another tab it was not fitted: fit when it comes to the front (a click on its tab,
    // answered at once).
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool shown) {
        if (shown) QTimer::singleShot(0, this, &DiagnosticsDock::fit);
    });
}

void DiagnosticsDock::showSummary(const QString& text, bool problems) {
    m_strip->setSummary(text, problems);
}

void DiagnosticsDock::setListOpen(bool open) {
    if (open == m_open) return;
    if (!open && !collapsed(this)) m_listHeight = height();
    m_open = open;
    m_list->setVisible(open);
    if (!isVisible()) {
        show();
        raise();
    }
    fit();
}

int DiagnosticsDock::chromeHeight() const {
    return height() - widget()->height();  // the title bar
}

int DiagnosticsDock::stripHeight() const {
    return m_strip->sizeHint().height();
}

void DiagnosticsDock::addTabMate(QDockWidget* dock) {
    dock->widget()->setMinimumHeight(1);
    connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool shown) {
        if (shown) QTimer::singleShot(0, this, [this, dock] { growTabMate(dock); });
    });
}

int DiagnosticsDock::listHeight() const {
    if (m_listHeight) return m_listHeight;
    return chromeHeight() + stripHeight() + (kDefaultListRows + 2) * m_list->summaryHeight();
}

bool DiagnosticsDock::collapsed(const QDockWidget* dock) const {
    return dock->height() <= chromeHeight() + (kCollapsedRows + 1) * m_list->summaryHeight();
}

void DiagnosticsDock::growTabMate(QDockWidget* dock) {
    if (!dock->isVisible() || !m_window->tabifiedDockWidgets(this).contains(dock)) return;
    // As tall as the list would be, or as the tab-mate asks (the Plots: three lanes to read),
    // but never more than half the window: the canvas stays in sight.
    const int wanted =
        std::min(chromeHeight() + dock->widget()->sizeHint().height(), m_window->height() / 2);
    if (collapsed(dock)) resize(dock, std::max(listHeight(), wanted));
}

// The height asked of a tabbed dock is the tab group's, its tab bar included: asked again with
// what the bar took, the dock itself gets `target` (unless its minimum or the window says no).
void DiagnosticsDock::resize(QDockWidget* dock, int target) {
    m_window->resizeDocks({dock}, {target}, Qt::Vertical);
    m_window->layout()->activate();
    const int shortBy = target - dock->height();
    if (shortBy <= 0) return;
    m_window->resizeDocks({dock}, {target + shortBy}, Qt::Vertical);
    m_window->layout()->activate();
}

void DiagnosticsDock::fit() {
    if (!isVisible()) return;  // hidden, or behind another tab
    widget()->setMinimumHeight(stripHeight());
    if (!m_open) {
        const int strip = chromeHeight() + stripHeight();
        if (height() != strip) resize(this, strip);
        return;
    }
    if (collapsed(this)) resize(this, listHeight());
}

}  // namespace mv
