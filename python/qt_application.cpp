#include "qt_application.h"

#include <QCoreApplication>
#include <QtGlobal>

#include "ui/export/headless_application.h"

namespace mv::python {

void ensureQtApplication() {
    if (QCoreApplication::instance()) return;
    // HeadlessApplication chooses the offscreen platform through QT_QPA_PLATFORM; a notebook's
    // later subprocesses (a Qt program it opens) must not inherit that, so it is taken back.
    const bool platformSet = !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    // Never destroyed: Python unloads extension modules in no set order at exit, and a
    // QApplication torn down after the interpreter (or its fonts) is gone can crash the exit.
    new HeadlessApplication();
    if (!platformSet) qunsetenv("QT_QPA_PLATFORM");
}

}  // namespace mv::python
