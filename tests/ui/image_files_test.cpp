// Images that cannot be drawn are errors on their file name at analysis (issue 9): empty, corrupt,
// truncated and over-sized files, through the ui's ImageResolver and the real compile. SVGs are
// drawn without the files they refer to, with a warning on the file name.

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include "core/compile.h"
#include "tests/ui/test_support.h"
#include "ui/scene/image_files.h"
#include "ui/scene/image_library.h"
#include "ui/scene/svg_resources.h"

using namespace mv;

namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

QByteArray png(QSize size, QColor color) {
    QImage image(size, QImage::Format_RGB32);
    image.fill(color);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "png");
    return bytes;
}

// Compiles a one-image script and returns its diagnostics as "LINE:COL severity: message".
std::vector<std::string> diagnosticsFor(const QTemporaryDir& dir, const std::string& file) {
    const std::string text = "Pic : '" + file + "' P = [0,0];\n@0 Pic.P = [0,0];\n@1\n";
    const auto source = std::make_shared<const SourceText>("pic.movimentum", text);
    ImageLibrary images;
    const CompileResult result = compileScript(source, ImageFiles(images, dir.path()));
    std::vector<std::string> lines;
    for (const Diagnostic& d : result.diagnostics) {
        const LineColumn at = source->location(d.range.begin);
        lines.push_back(std::to_string(at.line) + ":" + std::to_string(at.column) + " " +
                        severityName(d.severity) + ": " + d.message);
    }
    return lines;
}

bool startsWith(const std::string& text, const std::string& prefix) {
    return text.rfind(prefix, 0) == 0;
}

}  // namespace

TEST_CASE("an image that cannot be decoded is an error on its file name", "[images]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QByteArray good = png({40, 20}, Qt::red);
    writeFile(dir.filePath("good.png"), good);
    writeFile(dir.filePath("empty.png"), {});
    writeFile(dir.filePath("corrupt.png"), "this is not a picture at all");
    writeFile(dir.filePath("truncated.png"), good.left(good.size() / 2));
    writeFile(dir.filePath("huge.png"), png({20000, 1}, Qt::red));

    CHECK(diagnosticsFor(dir, "good.png").empty());
    for (const char* name : {"empty.png", "corrupt.png", "truncated.png", "huge.png"}) {
        const auto lines = diagnosticsFor(dir, name);
        INFO(name);
        REQUIRE(lines.size() == 1);
        CAPTURE(lines[0]);
        CHECK(startsWith(lines[0],
                         "1:7 error: image file '" + std::string(name) + "' cannot be drawn: "));
    }
    CHECK(diagnosticsFor(dir, "empty.png")[0].find("the file is empty") != std::string::npos);
    CHECK(diagnosticsFor(dir, "huge.png")[0].find("20000 × 1 pixels") != std::string::npos);
}

TEST_CASE("an SVG is drawn without the files it refers to, with a warning", "[images][svg]") {
    test::ensureApplication();
    QTemporaryDir dir;
    // The "secret" is a green picture; the SVG itself is a red square with the secret over it.
    writeFile(dir.filePath("secret.png"), png({10, 10}, Qt::green));
    const QByteArray svg =
        "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
        "width='10' height='10'><rect width='10' height='10' fill='red'/>"
        "<image xlink:href='" +
        dir.filePath("secret.png").toUtf8() + "' width='10' height='10'/></svg>";
    writeFile(dir.filePath("shared.svg"), svg);

    const auto lines = diagnosticsFor(dir, "shared.svg");
    REQUIRE(lines.size() == 1);
    CHECK(startsWith(lines[0],
                     "1:7 warning: image file 'shared.svg': the SVG refers to other files"));
    CHECK(lines[0].find("secret.png") != std::string::npos);

    ImageLibrary images;
    const QImage drawn = images.image(dir.filePath("shared.svg"));
    REQUIRE(!drawn.isNull());
    const QColor centre = drawn.pixelColor(5, 5);
    CHECK(centre.red() > 200);
    CHECK(centre.green() < 60);  // the secret was not drawn over it
}

TEST_CASE("references inside an SVG and embedded data stay", "[images][svg]") {
    QStringList skipped;
    const QByteArray inside =
        "<svg><use href=\"#a\"/><image xlink:href='data:image/png;base64,AA'/></svg>";
    CHECK(withoutExternalResources(inside, &skipped) == inside);
    CHECK(skipped.isEmpty());
    const QByteArray outside =
        "<svg><image x:href = \"file:///etc/passwd\"/><use href='o.svg#b'/></svg>";
    const QByteArray cleaned = withoutExternalResources(outside, &skipped);
    CHECK(cleaned.startsWith("<svg><image x:href = \"data:image/png;base64,"));
    CHECK(cleaned.count("data:image/png") == 2);
    CHECK_FALSE(cleaned.contains("passwd"));
    CHECK_FALSE(cleaned.contains("o.svg"));
    CHECK(skipped == QStringList{"file:///etc/passwd", "o.svg#b"});
}
