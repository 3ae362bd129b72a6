#include "ui/window/file_menu.h"

#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>
#include <QWidget>

#include "ui/files/recent_files.h"
#include "ui/files/samples.h"
#include "ui/window/script_document.h"

namespace mv {

FileMenu::FileMenu(QMenu* menu, ScriptDocument* document, std::function<void()> exportFrames,
                   QWidget* window)
    : QObject(menu), m_document(document) {
    menu->addAction(tr("&New"), QKeySequence::New, document, &ScriptDocument::newScript);
    menu->addAction(tr("&Open…"), QKeySequence::Open, document, &ScriptDocument::openWithDialog);
    m_samples = menu->addMenu(tr("Open &Sample"));
    m_recent = menu->addMenu(tr("Open &Recent"));
    menu->addSeparator();
    menu->addAction(tr("&Save"), QKeySequence::Save, document, &ScriptDocument::save);
    menu->addAction(tr("Save &As…"), QKeySequence::SaveAs, document, &ScriptDocument::saveAs);
    menu->addSeparator();
    menu->addAction(tr("&Export Frames…"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                    std::move(exportFrames));
    menu->addSeparator();
    menu->addAction(tr("&Quit"), QKeySequence::Quit, window, &QWidget::close);
    rebuildSamplesAndRecent();
}

void FileMenu::rebuildSamplesAndRecent() {
    m_samples->clear();
    for (const QString& path : sampleScripts())
        m_samples->addAction(QFileInfo(path).completeBaseName(), this,
                             [this, path] { m_document->openCopy(path); });
    m_samples->setEnabled(!m_samples->isEmpty());
    m_recent->clear();
    for (const QString& path : m_document->recentFiles().list())
        m_recent->addAction(path, this, [this, path] { m_document->open(path); });
    m_recent->setEnabled(!m_recent->isEmpty());
}

}  // namespace mv
