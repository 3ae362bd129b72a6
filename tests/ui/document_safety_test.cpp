// The editor never loses work (issue 9): backups owned per window, changes on disk noticed before
// they are overwritten, files that are not UTF-8 not rewritten silently, samples opened as copies.
// ScriptDocument on a plain QPlainTextEdit, with scripted answers to its questions.

#include <catch2/catch.hpp>

#include <QFile>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "tests/ui/test_support.h"
#include "ui/window/script_document.h"

using namespace mv;

namespace {

struct Answers {
    bool restore = true;
    bool confirm = false;
    QString savePath;
    QStringList asked;  // titles of confirm() and error() questions, in order
};

UserPrompts answering(Answers& answers) {
    UserPrompts prompts;
    prompts.unsavedChanges = [](const QString&) { return UserPrompts::Unsaved::Discard; };
    prompts.restoreBackup = [&answers](const QString&) { return answers.restore; };
    prompts.savePath = [&answers](const QString&) { return answers.savePath; };
    prompts.openPath = [](const QString&) { return QString(); };
    prompts.confirm = [&answers](const QString& title, const QString&) {
        answers.asked << title;
        return answers.confirm;
    };
    prompts.error = [&answers](const QString& title, const QString&) { answers.asked << title; };
    return prompts;
}

// One editor window's document: its own editor, its own answers.
struct Window {
    Window(const QString& backups, Answers& answers)
        : document(&editor, answering(answers), backups) {}
    void type(const QString& text) {
        editor.moveCursor(QTextCursor::End);
        editor.insertPlainText(text);
    }
    QPlainTextEdit editor;
    ScriptDocument document;
};

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

// A script written with `bytes` and opened in a window of its own, in a folder of its own.
struct OpenedScript {
    OpenedScript(const QString& name, const QByteArray& bytes) : script(dir.filePath(name)) {
        test::ensureApplication();
        writeFile(script, bytes);
        window = std::make_unique<Window>(dir.filePath("appdata"), answers);
        REQUIRE(window->document.open(script));
    }
    QTemporaryDir dir;
    QString script;
    Answers answers;
    std::unique_ptr<Window> window;
};

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

TEST_CASE("two editors on one script keep two backups, and neither is offered while alive",
          "[document][autosave]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString script = dir.filePath("shared.movimentum");
    writeFile(script, "x = 1;\n");
    const QString backups = dir.filePath("appdata");
    Answers firstAnswers, secondAnswers;
    secondAnswers.restore = false;  // "No" must not delete the first editor's backup
    auto first = std::make_unique<Window>(backups, firstAnswers);
    REQUIRE(first->document.open(script));
    first->type("// first's edit\n");
    REQUIRE(first->document.autosave().writeNow());
    const QString firstBackup = first->document.autosave().backupPath();

    Window second(backups, secondAnswers);
    CHECK_FALSE(second.document.offerRestore());  // the first editor is still running
    REQUIRE(second.document.open(script));
    second.type("// second's edit\n");
    REQUIRE(second.document.autosave().writeNow());
    CHECK(second.document.autosave().backupPath() != firstBackup);
    CHECK(QFile::exists(firstBackup));

    first.reset();  // the first editor crashes: its backup stays, its lock goes
    Window third(backups, firstAnswers);
    REQUIRE(third.document.offerRestore());
    CHECK(third.editor.toPlainText() == "x = 1;\n// first's edit\n");
    CHECK(third.document.path() == QFileInfo(script).absoluteFilePath());
    // The second editor's backup was never offered and is still there.
    CHECK(QFile::exists(second.document.autosave().backupPath()));
}

TEST_CASE("a change on disk is offered for reloading, declining keeps the text, and saving asks",
          "[document][watch]") {
    OpenedScript opened("watched.movimentum", "x = 1;\n");
    const QString& script = opened.script;
    Answers& answers = opened.answers;
    Window& window = *opened.window;

    SECTION("declined: the editor keeps its text, and Save asks before overwriting") {
        answers.confirm = false;
        writeFile(script, "x = 1;\ny = 2;\n");  // another program appends a line
        REQUIRE(QTest::qWaitFor([&] { return answers.asked.size() == 1; }, test::kHangGuardMs));
        CHECK(answers.asked.front() == "Changed on disk");
        CHECK(window.editor.toPlainText() == "x = 1;\n");
        CHECK_FALSE(window.document.save());  // asked again, declined: nothing written
        CHECK(answers.asked.size() == 2);
        CHECK(readFile(script) == "x = 1;\ny = 2;\n");
        answers.confirm = true;
        CHECK(window.document.save());
        CHECK(readFile(script) == "x = 1;\n");
    }
    SECTION("accepted: the editor shows the new text") {
        answers.confirm = true;
        writeFile(script, "x = 1;\ny = 2;\n");
        REQUIRE(QTest::qWaitFor([&] { return window.editor.toPlainText() == "x = 1;\ny = 2;\n"; },
                                test::kHangGuardMs));
        CHECK_FALSE(window.document.isModified());
    }
    SECTION("our own save is no change on disk") {
        window.type("z = 3;\n");
        REQUIRE(window.document.save());
        // A save is told apart by its content, whenever the watcher reports it: the file written
        // again with what was saved is looked at, and nothing is offered.
        QSignalSpy checked(&window.document, &ScriptDocument::diskChecked);
        writeFile(script, readFile(script));
        REQUIRE(checked.wait(test::kHangGuardMs));
        CHECK(answers.asked.isEmpty());
    }
}

TEST_CASE("a file that is not UTF-8 is reported with its line and not saved over silently",
          "[document][encoding]") {
    OpenedScript opened("latin1.movimentum", "x = 1;\n// 90\xb0 in Latin-1\n");
    const QString& script = opened.script;
    Answers& answers = opened.answers;
    Window& window = *opened.window;
    REQUIRE(answers.asked == QStringList{"Not UTF-8"});
    window.type("y = 2;\n");
    answers.confirm = false;
    CHECK_FALSE(window.document.save());
    CHECK(readFile(script) == "x = 1;\n// 90\xb0 in Latin-1\n");  // untouched
    answers.confirm = true;
    CHECK(window.document.save());
    CHECK(readFile(script).contains("\xef\xbf\xbd"));  // now UTF-8, with U+FFFD as the user saw
}

TEST_CASE("a sample opens as an untitled copy that Save does not write back", "[document]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString sample = dir.filePath("samples/demo.movimentum");
    QDir().mkpath(dir.filePath("samples"));
    writeFile(sample, "x = 1;\n");
    Answers answers;
    answers.savePath = dir.filePath("mine.movimentum");
    Window window(dir.filePath("appdata"), answers);
    REQUIRE(window.document.openCopy(sample));
    CHECK(window.document.path().isEmpty());
    CHECK(window.document.displayName() == "copy of demo.movimentum");
    CHECK(window.document.folder() == QFileInfo(sample).absolutePath());  // its images
    window.type("y = 2;\n");
    REQUIRE(window.document.save());  // asks where: mine.movimentum
    CHECK(readFile(sample) == "x = 1;\n");
    CHECK(readFile(answers.savePath) == "x = 1;\ny = 2;\n");
}

TEST_CASE("Save As adds .movimentum to a name without a suffix, and asks before replacing",
          "[document]") {
    test::ensureApplication();
    QTemporaryDir dir;
    Answers answers;
    Window window(dir.filePath("appdata"), answers);
    window.type("Arm : .bar A = [0,0] B = [1,0];\n");

    answers.savePath = dir.filePath("arm");
    REQUIRE(window.document.saveAs());
    CHECK(window.document.path() == dir.filePath("arm.movimentum"));
    CHECK(readFile(dir.filePath("arm.movimentum")) == window.editor.toPlainText().toUtf8());
    CHECK_FALSE(QFile::exists(dir.filePath("arm")));

    // A suffix given is kept, whatever it is.
    answers.savePath = dir.filePath("arm.txt");
    REQUIRE(window.document.saveAs());
    CHECK(window.document.path() == dir.filePath("arm.txt"));

    // "other" becomes other.movimentum, which exists: that is asked, and No keeps it.
    writeFile(dir.filePath("other.movimentum"), "kept");
    answers.savePath = dir.filePath("other");
    answers.confirm = false;
    CHECK_FALSE(window.document.saveAs());
    CHECK(answers.asked == QStringList{"Save As"});
    CHECK(readFile(dir.filePath("other.movimentum")) == "kept");
    answers.confirm = true;
    REQUIRE(window.document.saveAs());
    CHECK(readFile(dir.filePath("other.movimentum")) == window.editor.toPlainText().toUtf8());
}

TEST_CASE("Save As into another folder rewrites image names to reach the same files",
          "[document][images]") {
    test::ensureApplication();
    QTemporaryDir dir;
    QDir().mkpath(dir.filePath("old/art"));
    QDir().mkpath(dir.filePath("new/deeper"));
    writeFile(dir.filePath("old/art/crank.png"), "not read here");
    writeFile(dir.filePath("old/pump.movimentum"),
              "Crank : 'art/crank.png' P = [0,0];\nRod : .bar colour = 'orange' A = [0,0];\n"
              "Gone : 'missing.png' P = [0,0];\n@0\n");
    Answers answers;
    Window window(dir.filePath("appdata"), answers);
    REQUIRE(window.document.open(dir.filePath("old/pump.movimentum")));
    QStringList notices;
    QObject::connect(&window.document, &ScriptDocument::notice,
                     [&notices](const QString& message) { notices << message; });
    answers.savePath = dir.filePath("new/deeper/pump.movimentum");
    REQUIRE(window.document.saveAs());
    // Only the name that found its file changes; a colour and a missing image stay as written.
    const QByteArray saved = readFile(answers.savePath);
    CHECK(saved.contains("'../../old/art/crank.png'"));
    CHECK(saved.contains("'orange'"));
    CHECK(saved.contains("'missing.png'"));
    CHECK(window.editor.toPlainText().toUtf8() == saved);
    CHECK(QFileInfo(QDir(dir.filePath("new/deeper")).filePath("../../old/art/crank.png")).isFile());
    REQUIRE(notices.size() == 1);
    CHECK(notices[0].startsWith("1 image name rewritten"));
    // The original is untouched, and one undo gives back the names as they were written.
    CHECK(readFile(dir.filePath("old/pump.movimentum")).contains("'art/crank.png'"));
    window.editor.undo();
    CHECK(window.editor.toPlainText().contains("'art/crank.png'"));
}

// Issue 41: a backup that equals the saved file is not offered (there is nothing to restore); it
// is removed, so the question does not come back either.
TEST_CASE("a backup that is the saved file is not offered", "[document][autosave]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString script = dir.filePath("same.movimentum");
    writeFile(script, "x = 1;\n");
    const QString backups = dir.filePath("appdata");
    Answers answers;
    int asked = 0;
    auto first = std::make_unique<Window>(backups, answers);
    REQUIRE(first->document.open(script));
    first->type("// edit\n");
    REQUIRE(first->document.autosave().writeNow());
    const QString backup = first->document.autosave().backupPath();
    // Saved by hand elsewhere with the very same text, then the editor ends without cleaning up.
    writeFile(script, "x = 1;\n// edit\n");
    first.reset();
    REQUIRE(QFile::exists(backup));
    UserPrompts prompts = answering(answers);
    prompts.restoreBackup = [&asked](const QString&) {
        ++asked;
        return true;
    };
    QPlainTextEdit editor;
    ScriptDocument document(&editor, prompts, backups);
    CHECK_FALSE(document.offerRestore());
    CHECK(asked == 0);
    CHECK_FALSE(QFile::exists(backup));
}
