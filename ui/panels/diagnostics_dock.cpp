#include "ui/panels/diagnostics_dock.h"

#include <QLayout>
#include <QMainWindow>

#include "ui/panels/diagnostics_list.h"

namespace mv {

namespace {

constexpr int kDefaultListRows = 6;
constexpr int kCollapsedRows = 3;  // a dock this low or lower shows no list worth keeping

}  // namespace

DiagnosticsDock::DiagnosticsDock(DiagnosticsList* list, QMainWindow* window)
    : QDockWidget(tr("Diagnostics"), window), m_window(window), m_list(list) {
    setObjectName("diagnosticsDock");  // the key of the saved layout: never the translated title
    setWidget(list);
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    connect(&m_settle, &QTimer::timeout, this, &DiagnosticsDock::fit);
    // Behind another tab it was not fitted: fit when it comes to the front (a click on its tab,
    // answered at once).
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool shown) {
        if (shown) QTimer::singleShot(0, this, &DiagnosticsDock::fit);
    });
}

void DiagnosticsDock::diagnosticsChanged() {
    m_settle.start();
}

int DiagnosticsDock::chromeHeight() const {
    return height() - widget()->height();  // the title bar
}

void DiagnosticsDock::addTabMate(QDockWidget* dock) {
    dock->widget()->setMinimumHeight(1);
    connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool shown) {
        if (shown) QTimer::singleShot(0, this, [this, dock] { growTabMate(dock); });
    });
}

int DiagnosticsDock::listHeight() const {
    if (m_listHeight) return m_listHeight;
    const int rowHeight = m_list->summaryHeight();
    return chromeHeight() + (kDefaultListRows + 2) * rowHeight;
}

bool DiagnosticsDock::collapsed(const QDockWidget* dock) const {
    return dock->height() <= chromeHeight() + (kCollapsedRows + 1) * m_list->summaryHeight();
}

void DiagnosticsDock::growTabMate(QDockWidget* dock) {
    if (!dock->isVisible() || !m_window->tabifiedDockWidgets(this).contains(dock)) return;
    if (collapsed(dock)) resize(dock, listHeight());
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
    const int rowHeight = m_list->summaryHeight();
    // A list's own minimum is a few rows: the summary's is one.
    m_list->setMinimumHeight(m_list->isEmpty() ? rowHeight : 0);
    const int summary = chromeHeight() + rowHeight;
    if (m_list->isEmpty()) {
        if (m_showsList && !collapsed(this)) m_listHeight = height();
        m_showsList = false;
        if (height() > summary) resize(this, summary);
        return;
    }
    m_showsList = true;
    if (collapsed(this)) resize(this, listHeight());
}

}  // namespace mv
