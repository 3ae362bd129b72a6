// The highlighter colours what the language reserves from core's one table
// (core/analysis/reserved_names.h): every function, the time names and `pi`, `vel` and `acc`
// included, and never a name the script defines.

#include <catch2/catch.hpp>

#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

#include "core/analysis/reserved_names.h"
#include "tests/ui/test_support.h"
#include "ui/editor/script_highlighter.h"

using namespace mv;

namespace {

// The format the highlighter gave the word at `position` of the document's first block.
QTextCharFormat formatAt(const QTextDocument& document, int position) {
    const QTextBlock block = document.firstBlock();
    for (const QTextLayout::FormatRange& range : block.layout()->formats())
        if (position >= range.start && position < range.start + range.length) return range.format;
    return {};
}

}  // namespace

TEST_CASE("every reserved name is coloured as reserved, a variable is not", "[ui][highlighter]") {
    test::ensureApplication();
    for (const std::string_view name : reservedNames()) {
        // `x` first, then the reserved name: both in the same place of a statement.
        const QString word = QString::fromUtf8(name.data(), qsizetype(name.size()));
        QTextDocument document("x + " + word + ";");
        ScriptHighlighter highlighter(&document);
        highlighter.rehighlight();
        INFO(name);
        const QTextCharFormat reserved = formatAt(document, 4);
        CHECK(reserved.foreground() != QTextCharFormat().foreground());
        CHECK(formatAt(document, 0).foreground() != reserved.foreground());
    }
}

TEST_CASE("text put in whole (a restored copy, a file reloaded) is highlighted at once",
          "[ui][highlighter]") {
    test::ensureApplication();
    QTextDocument document("x + sin;");
    ScriptHighlighter highlighter(&document);
    highlighter.rehighlight();
    const QTextCharFormat reserved = formatAt(document, 4);
    // setPlainText() starts the document's revisions again, so a highlighter that keys its
    // tokens on the revision alone would colour the new text with the old text's tokens.
    document.setPlainText("y + cos;");
    CHECK(formatAt(document, 4).foreground() == reserved.foreground());
    document.setPlainText("// a comment");
    CHECK(formatAt(document, 0).fontItalic());
}
