// The Help menu: the language reference in the program is docs/language.md itself, its examples
// open as new untitled scripts (and compile, as the docs' own test checks), F1 on a word opens the
// reference where the word is explained, and the About box names the version.

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QUrl>

#include "core/version.h"
#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/editor/script_editor.h"
#include "ui/preview/live_preview.h"
#include "ui/window/help_menu.h"
#include "ui/window/help_window.h"
#include "ui/window/script_document.h"

using namespace mv;

namespace {

QString sourceFile(const QString& path) {
    QFile file(QStringLiteral(MOVIMENTUM_SOURCE_DIR "/") + path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The examples of docs/language.md, read from the file as a reader sees them.
QStringList examplesInDocs() {
    QStringList examples;
    QString current;
    bool in = false;
    for (const QString& line : sourceFile("docs/language.md").split('\n')) {
        if (line == "```movimentum") {
            in = true;
            current.clear();
        } else if (in && line == "```") {
            in = false;
            examples << current;
        } else if (in) {
            current += line + '\n';
        }
    }
    return examples;
}

// The text of the block the browser's cursor is in.
QString blockAtCursor(HelpWindow* help) {
    return help->browser()->textCursor().block().text();
}

}  // namespace

TEST_CASE("the reference is docs/language.md, with its examples", "[help]") {
    test::ensureApplication();
    HelpWindow help;
    const QString shown = help.browser()->toPlainText();
    CHECK(shown.contains("The Movimentum language, by example"));
    CHECK(shown.contains("When something is wrong"));
    const QStringList examples = examplesInDocs();
    REQUIRE(examples.size() >= 6);
    CHECK(help.examples() == examples);
    CHECK(shown.count("Open as a new script") == examples.size());
}

TEST_CASE("an example of the reference opens as a new untitled script that runs", "[help]") {
    test::ensureApplication();
    QTemporaryDir dir;
    UserPrompts prompts;
    prompts.unsavedChanges = [](const QString&) { return UserPrompts::Unsaved::Discard; };
    test::WindowUnderTest window(prompts, dir.path());
    HelpWindow* help = window.help()->showReference({});
    REQUIRE(help);
    // The pump, clicked as a link.
    int pump = 0;
    while (pump < help->examples().size() && !help->examples()[pump].contains("Piston")) ++pump;
    REQUIRE(pump < help->examples().size());
    emit help->browser()->anchorClicked(QUrl(QStringLiteral("example:%1").arg(pump)));
    CHECK(window.editor()->toPlainText() == help->examples()[pump]);
    CHECK(window.document()->path().isEmpty());
    CHECK(window.document()->displayName() == "untitled");
    REQUIRE(test::waitUntilIdle(*window.preview()));
    // Its images are the samples': no error about a missing file.
    for (const Diagnostic& d : window.preview()->diagnostics())
        CHECK(d.severity != Severity::Error);
    REQUIRE(window.preview()->shown().complete);
    CHECK(window.preview()->shown().frameCount() == 301);  // 12 s at 25 fps, both ends
}

TEST_CASE("F1 opens the reference where the word under the cursor is explained", "[help]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.editor()->setPlainText(
        "Arm : .bar A = [0,0] B = [1,0];\n"
        "@0 Arm.B = Arm.A + [1,0].rotate(t);\n");
    QTextCursor cursor(window.editor()->document());
    cursor.setPosition(window.editor()->toPlainText().indexOf("rotate") + 2);
    window.editor()->setTextCursor(cursor);
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    window.editor()->setFocus();
    QTest::keyClick(window.editor(), Qt::Key_F1);
    HelpWindow* help = window.help()->window();
    REQUIRE(help);
    CHECK(help->isVisible());
    // Not the first use of `rotate` (an example) but the prose that explains it.
    CHECK(help->browser()->textCursor().selectedText() == "rotate");
    CHECK(blockAtCursor(help).contains("members"));
    // A heading wins over everything else.
    CHECK(help->showTopic("Mechanics"));
    CHECK(help->browser()->textCursor().block().blockFormat().headingLevel() == 2);
    // A word the reference does not know: the top, and a note.
    CHECK_FALSE(help->showTopic("Flywheel"));
    CHECK(help->browser()->textCursor().position() == 0);
}

TEST_CASE("the About box names the version", "[help]") {
    test::ensureApplication();
    const QString version = QString::fromUtf8(kVersion.data(), qsizetype(kVersion.size()));
    CHECK(HelpMenu::aboutText().contains("Movimentum " + version));
}

// Issue 41: the Help window shows no broken image, has a table of contents, keeps the test
// suite out of the user's page and lands a word on the heading that defines it.
TEST_CASE("every image a bundled page shows is in the program's resources", "[help]") {
    test::ensureApplication();
    HelpWindow help;
    const QRegularExpression image(QStringLiteral("!\\[[^\\]]*\\]\\(([^)]+)\\)"));
    int images = 0;
    for (const QString& page : QDir(":/docs").entryList({"*.md"})) {
        QFile file(":/docs/" + page);
        REQUIRE(file.open(QIODevice::ReadOnly));
        const QString markdown = QString::fromUtf8(file.readAll());
        for (auto match = image.globalMatch(markdown); match.hasNext();) {
            const QString path = match.next().captured(1);
            if (path.startsWith("http")) continue;
            INFO(page.toStdString() << " shows " << path.toStdString());
            ++images;
            CHECK(QFile::exists(":/docs/" + path));
            // ... and the browser finds it where the page names it.
            CHECK(!help.browser()->loadResource(QTextDocument::ImageResource, QUrl(path)).isNull());
        }
    }
    CHECK(images >= 1);
}

TEST_CASE("the reference has a table of contents and no word about the test suite", "[help]") {
    test::ensureApplication();
    HelpWindow help;
    QListWidget* contents = help.contents();
    REQUIRE(contents->count() >= 9);
    QListWidgetItem* mechanics = nullptr;
    for (int i = 0; i < contents->count(); ++i)
        if (contents->item(i)->text().startsWith("6. Mechanics")) mechanics = contents->item(i);
    REQUIRE(mechanics);
    emit contents->itemClicked(mechanics);
    CHECK(blockAtCursor(&help).startsWith("6. Mechanics"));
    const QString page = help.browser()->toPlainText();
    CHECK_FALSE(page.contains("test suite"));
    CHECK_FALSE(page.contains("tests/"));
}

TEST_CASE("looking up a word lands on the heading that defines it", "[help]") {
    test::ensureApplication();
    HelpWindow help;
    REQUIRE(help.showTopic("pendulum"));
    CHECK(help.browser()->textCursor().block().blockFormat().headingLevel() > 0);
    CHECK(blockAtCursor(&help).contains("Pendulums"));
    // A word with no heading of its own still lands on its term, not inside a file name.
    REQUIRE(help.showTopic("swing"));
    CHECK_FALSE(blockAtCursor(&help).contains(".movimentum"));
}
