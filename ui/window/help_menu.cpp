#include "ui/window/help_menu.h"

#include <QApplication>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QTextBlock>

#include "core/version.h"
#include "ui/editor/name_at.h"
#include "ui/window/help_window.h"

namespace mv {

HelpMenu::HelpMenu(QMenu* menu, QPlainTextEdit* editor, OpenExample openExample)
    : QObject(menu), m_editor(editor), m_openExample(std::move(openExample)) {
    // F1 works from anywhere in the window; the word comes from the script's cursor.
    menu->addAction(tr("Language &Reference"), QKeySequence::HelpContents, this, [this] {
        const QTextCursor cursor = m_editor->textCursor();
        const QStringList path = namePathAt(cursor.block().text(), cursor.positionInBlock());
        showReference(path.isEmpty() ? QString() : path.back());
    });
    menu->addSeparator();
    menu->addAction(tr("&About Movimentum"), this, &HelpMenu::showAbout);
}

HelpWindow* HelpMenu::showReference(const QString& word) {
    if (!m_window) {
        m_window = new HelpWindow(m_editor->window());
        connect(m_window, &HelpWindow::exampleRequested, this,
                [this](const QString& script) { m_openExample(script); });
    }
    m_window->show();
    m_window->raise();
    m_window->activateWindow();
    m_window->showTopic(word);
    return m_window;
}

QString HelpMenu::aboutText() {
    return tr("<h3>Movimentum %1</h3>"
              "<p>Animations of machines from a script: things, anchors and constraints, "
              "solved frame by frame.</p>"
              "<p>Built with Qt %2.</p>")
        .arg(QString::fromUtf8(kVersion.data(), static_cast<qsizetype>(kVersion.size())),
             QString::fromLatin1(qVersion()));
}

void HelpMenu::showAbout() {
    QMessageBox::about(m_editor->window(), tr("About Movimentum"), aboutText());
}

}  // namespace mv
