#include "ui/window/help_window.h"

#include <QAbstractTextDocumentLayout>
#include <QDesktopServices>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

namespace mv {

namespace {

const QString kExampleScheme = QStringLiteral("example");
const QString kFence = QStringLiteral("```");
constexpr int kContextAbove = 6;  // pixels above a topic's paragraph when it is shown

// The Markdown with a link under each `movimentum` block; the blocks' texts go to `examples`.
QString withExampleLinks(const QString& markdown, QStringList& examples) {
    QStringList out;
    QStringList example;
    bool inExample = false;
    for (const QString& line : markdown.split('\n')) {
        out << line;
        if (!inExample && line.trimmed() == kFence + "movimentum") {
            inExample = true;
            example.clear();
        } else if (inExample && line.trimmed() == kFence) {
            inExample = false;
            examples << example.join('\n') + '\n';
            out << QString()
                << QStringLiteral("[▶ Open as a new script](%1:%2)")
                       .arg(kExampleScheme)
                       .arg(examples.size() - 1);
        } else if (inExample) {
            example << line;
        }
    }
    return out.join('\n');
}

bool isCode(const QTextBlock& block) {
    return block.blockFormat().hasProperty(QTextFormat::BlockCodeFence) ||
           block.blockFormat().hasProperty(QTextFormat::BlockCodeLanguage);
}

// A term in backticks that is a part of a file or a longer name
// (`samples/pendulum_pump.movimentum`) does not explain the word: it is ranked as prose.
bool partOfName(const QTextCursor& found) {
    const QString text = found.block().text();
    const int begin = found.selectionStart() - found.block().position();
    const int end = found.selectionEnd() - found.block().position();
    const auto joins = [](QChar c) { return c == '_' || c == '/' || c == '.'; };
    const bool before = begin > 0 && joins(text[begin - 1]) && text[begin - 1] != '.';
    const bool after =
        end < text.size() && joins(text[end]) && end + 1 < text.size() && text[end + 1].isLetter();
    return before || after;
}

// Where a word is explained rather than merely used: a heading, then a term in the prose
// (`.rotate(a)` in backticks), then plain prose ("they move and rotate"), then the examples.
int rank(const QTextCursor& found) {
    const QTextBlock block = found.block();
    if (block.blockFormat().headingLevel() > 0) return 0;
    if (isCode(block)) return 3;
    return found.charFormat().fontFixedPitch() && !partOfName(found) ? 1 : 2;
}

// The heading that names the word, in any case or as a plural ("Pendulums hung from the
// machine" for "pendulum"): the section that explains it.
QTextBlock headingNaming(const QTextDocument& document, const QString& word) {
    const QRegularExpression naming(
        QStringLiteral("\\b%1(s|es)?\\b").arg(QRegularExpression::escape(word)),
        QRegularExpression::CaseInsensitiveOption);
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() > 0 && naming.match(block.text()).hasMatch())
            return block;
    return {};
}

// The examples on a light background, as on a web page, so they stand apart from the prose.
void shadeCodeBlocks(QTextDocument* document) {
    QTextBlockFormat shaded;
    shaded.setBackground(QColor(244, 245, 247));
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (!isCode(block)) continue;
        QTextCursor(block).mergeBlockFormat(shaded);
    }
}

}  // namespace

HelpWindow::HelpWindow(QWidget* parent)
    : QWidget(parent, Qt::Window),
      m_browser(new QTextBrowser(this)),
      m_lookUp(new QLineEdit(this)),
      m_status(new QLabel(this)),
      m_contents(new QListWidget(this)) {
    setWindowTitle(tr("Movimentum language reference"));
    m_browser->setOpenLinks(false);
    m_lookUp->setPlaceholderText(tr("Look up a word (Enter)"));
    m_lookUp->setClearButtonEnabled(true);
    auto* contents = new QPushButton(tr("Language reference"), this);
    auto* bar = new QHBoxLayout;
    bar->addWidget(contents);
    bar->addWidget(m_lookUp, 1);
    bar->addWidget(m_status);
    m_contents->setObjectName("helpContents");
    m_contents->setWordWrap(true);  // a long section title wraps rather than scrolls
    m_contents->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_contents->setToolTip(tr("Contents: click a section to go there"));
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_contents);
    split->addWidget(m_browser);
    split->setStretchFactor(1, 1);
    split->setSizes({220, 600});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    // Images the pages show ("images/elements.png") are bundled beside them.
    m_browser->setSearchPaths({QStringLiteral(":/docs")});
    connect(m_contents, &QListWidget::itemClicked, this, &HelpWindow::showSection);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &HelpWindow::followLink);
    connect(contents, &QPushButton::clicked, this, [this] { showTopic({}); });
    connect(m_lookUp, &QLineEdit::returnPressed, this, [this] { showTopic(m_lookUp->text()); });
    resize(1000, 760);
    showPage(referencePage());
}

bool HelpWindow::showPage(const QString& resource) {
    if (m_page == resource) return true;
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly)) return false;
    m_examples.clear();
    m_browser->setMarkdown(withExampleLinks(QString::fromUtf8(file.readAll()), m_examples));
    shadeCodeBlocks(m_browser->document());
    m_page = resource;
    listContents();
    return true;
}

// The page's sections and subsections, in order; each item keeps its heading's position.
void HelpWindow::listContents() {
    m_contents->clear();
    for (QTextBlock block = m_browser->document()->begin(); block.isValid(); block = block.next()) {
        const int level = block.blockFormat().headingLevel();
        if (level < 2 || level > 3) continue;
        auto* item = new QListWidgetItem(QString(4 * (level - 2), ' ') + block.text(), m_contents);
        item->setData(Qt::UserRole, block.position());
    }
}

void HelpWindow::showSection(QListWidgetItem* item) {
    QTextCursor at(m_browser->document());
    at.setPosition(item->data(Qt::UserRole).toInt());
    m_browser->setTextCursor(at);
    scrollToCursor();
}

bool HelpWindow::showTopic(const QString& word) {
    showPage(referencePage());
    m_status->clear();
    QTextDocument* document = m_browser->document();
    QTextCursor best;
    if (const QTextBlock heading = word.isEmpty() ? QTextBlock() : headingNaming(*document, word);
        heading.isValid()) {
        best = QTextCursor(heading);
        best.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    }
    const auto flags = QTextDocument::FindWholeWords | QTextDocument::FindCaseSensitively;
    for (QTextCursor found = word.isEmpty() || !best.isNull() ? QTextCursor()
                                                              : document->find(word, 0, flags);
         !found.isNull(); found = document->find(word, found, flags)) {
        if (best.isNull() || rank(found) < rank(best)) best = found;
        if (rank(best) == 0) break;
    }
    if (best.isNull()) {
        best = QTextCursor(document);
        if (!word.isEmpty()) m_status->setText(tr("'%1' is not in the reference").arg(word));
    }
    m_browser->setTextCursor(best);
    scrollToCursor();
    // The window may get its final size only once shown: scroll again when it has.
    QTimer::singleShot(0, this, &HelpWindow::scrollToCursor);
    m_lookUp->setText(word);
    return !word.isEmpty() && m_status->text().isEmpty();
}

// The paragraph with the word at the top of the view, not at its bottom edge where
// ensureCursorVisible would leave it.
void HelpWindow::scrollToCursor() {
    const QTextBlock block = m_browser->textCursor().block();
    const QRectF rect = m_browser->document()->documentLayout()->blockBoundingRect(block);
    m_browser->verticalScrollBar()->setValue(int(rect.top()) - kContextAbove);
}

void HelpWindow::followLink(const QUrl& url) {
    if (url.scheme() == kExampleScheme) {
        const int index = url.path().toInt();
        if (index >= 0 && index < m_examples.size()) emit exampleRequested(m_examples[index]);
        return;
    }
    if (url.scheme().startsWith(QStringLiteral("http"))) {
        QDesktopServices::openUrl(url);
        return;
    }
    // A page beside this one (`solver.md`): shown here when it is bundled.
    const QString page = QStringLiteral(":/docs/") + url.path();
    if (!showPage(page)) m_status->setText(tr("%1 is not part of the program").arg(url.path()));
    if (url.hasFragment()) m_browser->scrollToAnchor(url.fragment());
}

}  // namespace mv
