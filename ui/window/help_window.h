#pragma once
// The language reference inside the editor: docs/language.md, compiled into the program as a Qt
// resource straight from the docs/ folder (so the page in the program is the page in the
// repository), rendered by QTextBrowser from its Markdown. Every `movimentum` code block gets an
// "Open as a new script" link under it. Links to other bundled pages open here, web links in the
// browser. A list of the page's sections beside it is its table of contents; the images the page
// shows are bundled with it. showTopic() scrolls to where a word is explained: a heading that
// names it (in any case, or its plural) first, then a term in backticks (not a part of a file
// name), then prose, then the code examples.

#include <QStringList>
#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QTextBrowser;
class QUrl;

namespace mv {

class HelpWindow : public QWidget {
    Q_OBJECT
public:
    explicit HelpWindow(QWidget* parent = nullptr);

    // Shows the reference at the first place that explains `word` (the top when it is empty or
    // not found, saying so). Returns whether the word was found.
    bool showTopic(const QString& word);
    QTextBrowser* browser() const { return m_browser; }
    QListWidget* contents() const { return m_contents; }
    // The code examples of the page shown, in page order.
    const QStringList& examples() const { return m_examples; }

    static QString referencePage() { return QStringLiteral(":/docs/language.md"); }

signals:
    void exampleRequested(const QString& script);

private:
    bool showPage(const QString& resource);
    void listContents();
    void showSection(QListWidgetItem* item);
    void scrollToCursor();
    void followLink(const QUrl& url);

    QTextBrowser* m_browser;
    QLineEdit* m_lookUp;
    QLabel* m_status;
    QListWidget* m_contents;  // the page's sections
    QString m_page;
    QStringList m_examples;
};

}  // namespace mv
