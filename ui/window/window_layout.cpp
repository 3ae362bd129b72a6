#include "ui/window/window_layout.h"

#include <QAction>
#include <QDockWidget>
#include <QGuiApplication>
#include <QMainWindow>
#include <QMenu>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QTimer>

#include <algorithm>

namespace mv {

namespace {

// Raised when the docks change in a way that makes old saved states meaningless.
constexpr int kStateVersion = 1;
constexpr double kScreenShare = 0.92;  // of the available geometry, for the first window

const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kHidden = QStringLiteral("window/hiddenPanels");
const QString kSplitters = QStringLiteral("window/splitters/");

int overlap(const QRect& a, const QRect& b) {
    const QRect both = a.intersected(b);
    return both.isEmpty() ? 0 : both.width() * both.height();
}

QList<QRect> availableGeometries() {
    QList<QRect> screens;
    for (const QScreen* screen : QGuiApplication::screens()) screens << screen->availableGeometry();
    return screens;
}

}  // namespace

WindowLayout::WindowLayout(QMainWindow* window) : m_window(window) {}

void WindowLayout::addPanel(QWidget* panel) {
    auto* action = new QAction(panel->windowTitle(), m_window);
    action->setCheckable(true);
    action->setChecked(!panel->isHidden());
    QObject::connect(action, &QAction::toggled, panel, &QWidget::setVisible);
    m_panels.emplace_back(panel, action);
}

void WindowLayout::addPanelActions(QMenu* view) const {
    for (const auto& [panel, action] : m_panels) view->addAction(action);
    QList<QDockWidget*> docks = m_window->findChildren<QDockWidget*>();
    std::sort(docks.begin(), docks.end(), [](const QDockWidget* a, const QDockWidget* b) {
        return a->windowTitle() < b->windowTitle();
    });
    for (QDockWidget* dock : docks) view->addAction(dock->toggleViewAction());
}

void WindowLayout::save(QSettings& settings) const {
    settings.setValue(kGeometry, m_window->saveGeometry());
    settings.setValue(kState, m_window->saveState(kStateVersion));
    QStringList hidden;
    for (const auto& [panel, action] : m_panels)
        if (!action->isChecked()) hidden << panel->objectName();
    settings.setValue(kHidden, hidden);
    for (const QSplitter* splitter : m_window->findChildren<QSplitter*>())
        if (!splitter->objectName().isEmpty())
            settings.setValue(kSplitters + splitter->objectName(), splitter->saveState());
}

bool WindowLayout::restore(QSettings& settings) {
    if (!settings.contains(kGeometry)) return false;
    m_window->restoreGeometry(settings.value(kGeometry).toByteArray());
    if (!(m_window->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen)))
        m_window->setGeometry(clamped(m_window->geometry(), availableGeometries()));
    // Panels first: a panel that is shown while the docks are restored takes room they had.
    const QStringList hidden = settings.value(kHidden).toStringList();
    for (const auto& [panel, action] : m_panels)
        action->setChecked(!hidden.contains(panel->objectName()));
    m_state = settings.value(kState).toByteArray();
    m_splitters.clear();
    for (const QSplitter* splitter : m_window->findChildren<QSplitter*>()) {
        const QString key = kSplitters + splitter->objectName();
        if (!splitter->objectName().isEmpty() && settings.contains(key))
            m_splitters.emplace_back(splitter->objectName(), settings.value(key).toByteArray());
    }
    restoreDocksAndSplitters();
    m_window->installEventFilter(this);  // and again once shown
    return true;
}

void WindowLayout::captureDefault() {
    m_default = m_window->saveState(kStateVersion);
}

void WindowLayout::reset() {
    for (const auto& [panel, action] : m_panels) action->setChecked(true);
    m_window->restoreState(m_default, kStateVersion);
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) dock->show();
}

void WindowLayout::restoreDocksAndSplitters() {
    m_window->restoreState(m_state, kStateVersion);
    for (const auto& [name, state] : m_splitters)
        if (auto* splitter = m_window->findChild<QSplitter*>(name)) splitter->restoreState(state);
}

bool WindowLayout::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window && event->type() == QEvent::Show) {
        m_window->removeEventFilter(this);
        QTimer::singleShot(0, this, &WindowLayout::restoreDocksAndSplitters);
    }
    return false;
}

QRect WindowLayout::fitted(QSize wanted, QRect available) {
    const QSize size(std::min(wanted.width(), int(available.width() * kScreenShare)),
                     std::min(wanted.height(), int(available.height() * kScreenShare)));
    QRect geometry(QPoint(0, 0), size);
    geometry.moveCenter(available.center());
    return geometry;
}

QRect WindowLayout::clamped(QRect geometry, const QList<QRect>& available) {
    if (available.isEmpty()) return geometry;
    const QRect* screen = &available.front();
    for (const QRect& candidate : available)
        if (overlap(geometry, candidate) > overlap(geometry, *screen)) screen = &candidate;
    geometry.setSize(geometry.size().boundedTo(screen->size()));
    geometry.moveLeft(
        std::clamp(geometry.left(), screen->left(), screen->right() - geometry.width() + 1));
    geometry.moveTop(
        std::clamp(geometry.top(), screen->top(), screen->bottom() - geometry.height() + 1));
    return geometry;
}

}  // namespace mv
