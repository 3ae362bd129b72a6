#pragma once
// The File menu: new, open (a file, a sample, a recent file), save, save as, export, quit. The
// sample and recent lists are rebuilt each time a script is loaded or saved, so a file just saved
// is at the top of Open Recent.

#include <QObject>

#include <functional>

class QMenu;
class QWidget;

namespace mv {

class ScriptDocument;

class FileMenu : public QObject {
public:
    // `menu` and `document` are borrowed and must outlive this object; `exportFrames` opens the
    // export dialog and `window` is closed by Quit.
    FileMenu(QMenu* menu, ScriptDocument* document, std::function<void()> exportFrames,
             QWidget* window);

    void rebuildSamplesAndRecent();

private:
    ScriptDocument* m_document;
    QMenu* m_samples;
    QMenu* m_recent;
};

}  // namespace mv
