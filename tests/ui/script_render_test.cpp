// `movimentum render` minus its argument parsing: the real pipeline from a script file to PNG
// files whose pixels show the sprite where the script moves it.

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <sstream>

#include "tests/ui/test_support.h"
#include "ui/export/export_options.h"
#include "ui/export/script_render.h"
#include "ui/scene/image_library.h"

using namespace mv;

namespace {

// A 20×10 red box whose top-left corner moves from world (10, 80) right by 100 units/s.
const char* const kMovingBox =
    ".config(10, 200, 100);\n"
    "Box : 'box.png' P = [0,0] Q = [20,0];\n"
    "@0   Box.P = [10 + 100 * t, 80]; Box.Q = Box.P + [20, 0];\n"
    "@1\n";

QString writeScript(const QTemporaryDir& dir, const char* text) {
    QImage box(20, 10, QImage::Format_RGB32);
    box.fill(Qt::red);
    box.save(dir.filePath("box.png"));
    const QString path = dir.filePath("box.movimentum");
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(text);
    return path;
}

bool isRed(QRgb c) {
    return qRed(c) > 200 && qGreen(c) < 60 && qBlue(c) < 60;
}

}  // namespace

TEST_CASE("rendering a script file writes its frames with the sprite where it moved", "[render]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString script = writeScript(dir, kMovingBox);
    ExportOptions options;
    options.output = dir.filePath("frames");
    std::ostringstream out, err;
    REQUIRE(renderScript(script, kMovingBox, options, out, err) == RenderOutcome::Done);
    INFO(err.str());
    const QStringList files = QDir(options.output).entryList({"*.png"}, QDir::Files, QDir::Name);
    REQUIRE(files.size() == 11);  // 1 s at 10 fps, both ends
    // Frame 10 is on the closing marker: it still belongs to the moving step, with t = 1, so the
    // box ends at x = 110 where it was going instead of snapping back to x = 10.
    for (int k : {0, 4, 9, 10}) {
        const QImage frame(QDir(options.output).filePath(files[k]));
        REQUIRE(frame.size() == QSize(200, 100));
        // Box spans world x [10 + 10k, 30 + 10k], y [70, 80]: scene y [20, 30].
        CHECK(isRed(frame.pixel(20 + 10 * k, 25)));
        CHECK_FALSE(isRed(frame.pixel(20 + 10 * k, 35)));
        CHECK_FALSE(isRed(frame.pixel(5 + 10 * k, 25)));
    }
    const QImage last(QDir(options.output).filePath(files[10]));
    CHECK_FALSE(isRed(last.pixel(20, 25)));
}

TEST_CASE("rendering a script with errors renders nothing", "[render]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const char* const broken = "Box : 'box.png' P = [0,0];\n@0 Box.P = ;\n";
    const QString script = writeScript(dir, broken);
    ExportOptions options;
    options.output = dir.filePath("frames");
    std::ostringstream out, err;
    CHECK(renderScript(script, broken, options, out, err) == RenderOutcome::ScriptErrors);
    CHECK(err.str().find("error") != std::string::npos);
    CHECK_FALSE(QDir(options.output).exists());
}

TEST_CASE("a canvas too large at the export's scale is refused on the .config line", "[render]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString script = writeScript(dir, kMovingBox);
    ExportOptions options;
    options.output = dir.filePath("frames");
    options.scale = 16;  // 1000 units wide: 16000 pixels
    std::ostringstream out, err;
    const char* const wide =
        ".config(10, 1000, 100);\n"
        "Box : 'box.png' P = [0,0] Q = [20,0];\n"
        "@0   Box.P = [10, 80]; Box.Q = Box.P + [20, 0];\n@1\n";
    CHECK(renderScript(script, wide, options, out, err) == RenderOutcome::IoError);
    INFO(err.str());
    CHECK(err.str().find(":1:1: error: the canvas would be 16000 × 1600 pixels at scale 16") !=
          std::string::npos);
    CHECK_FALSE(QDir(options.output).exists());
}

// At --scale 0.5 the pictures are decoded at the size drawn (issue 24): a quarter of the pixels
// held, the box still drawn where it moves.
TEST_CASE("rendering at half scale decodes the pictures at half size, drawn in place", "[render]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString script = writeScript(dir, kMovingBox);
    ImageLibrary half(ImageLibrary::Decoding::Full, 0.5);
    const LoadedImage box = half.load(dir.filePath("box.png"));
    CHECK(box.image.size() == QSize(10, 5));
    CHECK(box.image.deviceIndependentSize() == QSizeF(20, 10));
    CHECK(box.size == QSize(20, 10));  // the script's pixels, for the analysis and the budget

    ExportOptions options;
    options.output = dir.filePath("frames");
    options.scale = 0.5;
    std::ostringstream out, err;
    REQUIRE(renderScript(script, kMovingBox, options, out, err) == RenderOutcome::Done);
    const QStringList files = QDir(options.output).entryList({"*.png"}, QDir::Files, QDir::Name);
    REQUIRE(files.size() == 11);
    for (int k : {0, 4, 9}) {
        const QImage frame(QDir(options.output).filePath(files[k]));
        REQUIRE(frame.size() == QSize(100, 50));
        // The box spans world x [10 + 10k, 30 + 10k], scene y [20, 30]: halved.
        CHECK(isRed(frame.pixel(10 + 5 * k, 12)));
        CHECK_FALSE(isRed(frame.pixel(10 + 5 * k, 18)));
        CHECK_FALSE(isRed(frame.pixel(2 + 5 * k, 12)));
        CHECK_FALSE(isRed(frame.pixel(17 + 5 * k, 12)));
    }
}

// The SVG writer over every sample (issue 24's fuzzing of the newer surface): each frame is
// well-formed XML with an <svg> root, whatever images, bars, elements and traces it holds.
TEST_CASE("every sample renders to well-formed SVG", "[render][svg]") {
    test::ensureApplication();
    QDir samples(QStringLiteral(MOVIMENTUM_SOURCE_DIR "/samples"));
    const QStringList scripts = samples.entryList({"*.movimentum"}, QDir::Files, QDir::Name);
    REQUIRE(scripts.size() >= 5);
    for (const QString& name : scripts) {
        INFO(name.toStdString());
        QTemporaryDir dir;
        QFile file(samples.filePath(name));
        REQUIRE(file.open(QIODevice::ReadOnly));
        ExportOptions options;
        options.output = dir.filePath("frames");
        options.format = ExportFormat::Svg;
        options.frames = FrameRange{0, 2};
        std::ostringstream out, err;
        REQUIRE(renderScript(samples.filePath(name), file.readAll().toStdString(), options, out,
                             err) == RenderOutcome::Done);
        const QStringList frames = QDir(options.output).entryList({"*.svg"}, QDir::Files);
        REQUIRE(frames.size() == 3);
        for (const QString& frame : frames) {
            QFile svg(QDir(options.output).filePath(frame));
            REQUIRE(svg.open(QIODevice::ReadOnly));
            QXmlStreamReader xml(&svg);
            REQUIRE(xml.readNextStartElement());
            CHECK(xml.name() == QStringLiteral("svg"));
            while (!xml.atEnd()) xml.readNext();
            CHECK_FALSE(xml.hasError());
        }
    }
}
