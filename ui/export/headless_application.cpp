#include "ui/export/headless_application.h"

#include <QtGlobal>

namespace mv {

namespace {

// Qt's own handler, for everything not dropped below. A message handler is a plain function, so
// the one it forwards to must be reachable without an object: set once, before QApplication.
QtMessageHandler g_qtHandler = nullptr;

// Headless runs on servers and in CI, where XDG_RUNTIME_DIR is often unset; Qt then says so on
// stderr at start-up, which would mix into the diagnostics `solve` prints there. Nothing depends
// on that folder, so that one line is dropped; every other message passes.
void quietHeadlessNoise(QtMsgType type, const QMessageLogContext& context, const QString& text) {
    if (type == QtWarningMsg && text.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
        return;
    if (g_qtHandler) g_qtHandler(type, context, text);
}

// Runs before QApplication is constructed: the platform is chosen then. Headless commands draw
// into images only, so they take the offscreen platform even where there is a display: a stale
// DISPLAY in an ssh session must not stop `check` (QT_QPA_PLATFORM still wins when set).
int& offscreenArgc(int& argc) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    g_qtHandler = qInstallMessageHandler(quietHeadlessNoise);
    return argc;
}

}  // namespace

HeadlessApplication::HeadlessApplication() : m_application(offscreenArgc(m_argc), m_argv) {}

HeadlessApplication::~HeadlessApplication() {
    qInstallMessageHandler(g_qtHandler);
}

}  // namespace mv
