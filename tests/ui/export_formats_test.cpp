// The export formats beside the plain PNG sequence: PNG frames are compressed and decode to the
// scene's pixels, SVG frames are well-formed documents that contain the things, WebM and APNG come
// out of ffmpeg with their containers' signatures, and a GIF reports its palette and encoding
// stages honestly, ending each at the frame count.

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <cstdlib>
#include <string>
#include <vector>

#include "tests/ui/test_support.h"
#include "ui/export/frame_exporter.h"
#include "ui/export/frame_renderer.h"
#include "ui/scene/image_library.h"

using namespace mv;

namespace {

struct FormatScene {
    explicit FormatScene(int frames)
        : script((test::ensureApplication(), test::boxAndRodScript(dir.path()))),
          animation(test::boxAndRodAnimation(script, frames)) {}

    ExportResult run(ExportFormat format, const QString& output) {
        options.format = format;
        options.output = dir.filePath(output);
        return exportAnimation(animation, images, options);
    }

    QTemporaryDir dir;
    std::shared_ptr<const Script> script;
    const Animation animation;
    ImageLibrary images;
    ExportOptions options;
};

// Whether the ffmpeg on PATH (test::requireFfmpeg) has `encoder`.
bool ffmpegHas(const char* encoder) {
    const std::string command =
        std::string("ffmpeg -hide_banner -encoders 2>/dev/null | grep -q ' ") + encoder + " '";
    return std::system(command.c_str()) == 0;
}

QByteArray head(const QString& path, int bytes) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.read(bytes) : QByteArray();
}

}  // namespace

TEST_CASE("PNG frames are compressed and decode to the scene's pixels", "[export][png]") {
    FormatScene scene(4);
    scene.options.scale = 3;
    REQUIRE(scene.run(ExportFormat::Png, "png").outcome == ExportResult::Outcome::Done);
    FrameRenderer renderer(scene.images, scene.script, 3);
    for (int k = 0; k < 4; ++k) {
        const QString path = framePath(scene.options.output, k);
        const QImage drawn = renderer.render(scene.animation.frames[static_cast<size_t>(k)]);
        // Stored without compression, the 600×300 RGB pixels alone would take 540,000 bytes.
        const qint64 raw = qint64(drawn.width()) * drawn.height() * 3;
        CHECK(QFileInfo(path).size() < raw / 20);
        const QImage decoded = QImage(path).convertToFormat(QImage::Format_RGB32);
        CHECK(decoded == drawn);
    }
}

TEST_CASE("SVG frames are documents of the frame's size that contain the things", "[export][svg]") {
    FormatScene scene(3);
    scene.options.scale = 2;
    REQUIRE(scene.run(ExportFormat::Svg, "svg").outcome == ExportResult::Outcome::Done);
    CHECK(QDir(scene.options.output).entryList({"*.svg"}, QDir::Files) ==
          QStringList{"frame_0000.svg", "frame_0001.svg", "frame_0002.svg"});
    const QString path = framePath(scene.options.output, 2, ExportFormat::Svg);
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    int images = 0, shapes = 0;
    QString width, height, viewBox;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        if (xml.name() == u"svg") {
            width = xml.attributes().value("width").toString();
            height = xml.attributes().value("height").toString();
            viewBox = xml.attributes().value("viewBox").toString();
        }
        images += xml.name() == u"image";                              // the Box sprite
        shapes += xml.name() == u"path" || xml.name() == u"polyline";  // the Rod, a vector
    }
    INFO(xml.errorString().toStdString());
    CHECK_FALSE(xml.hasError());
    // 400 × 200 pixels: the view box, and the printed size at CSS's 96 pixels per inch.
    CHECK(viewBox == "0 0 400 200");
    CHECK(width.endsWith("mm"));
    CHECK(width.chopped(2).toDouble() / 25.4 * 96 == Approx(400).epsilon(1e-4));
    CHECK(height.chopped(2).toDouble() / 25.4 * 96 == Approx(200).epsilon(1e-4));
    CHECK(images == 1);
    CHECK(shapes >= 1);
    CHECK(QSvgRenderer(path).isValid());
}

TEST_CASE("WebM and APNG export through ffmpeg", "[export][ffmpeg]") {
    test::requireFfmpeg();
    FormatScene scene(8);
    {
        INFO("Debian's ffmpeg encodes VP9 with libvpx");
        REQUIRE(ffmpegHas("libvpx-vp9"));
        const ExportResult webm = scene.run(ExportFormat::Webm, "out.webm");
        INFO(webm.message.toStdString());
        REQUIRE(webm.outcome == ExportResult::Outcome::Done);
        CHECK(head(scene.options.output, 4) == QByteArray("\x1a\x45\xdf\xa3"));  // EBML
    }
    INFO("Debian's ffmpeg has the apng encoder");
    REQUIRE(ffmpegHas("apng"));
    const ExportResult apng = scene.run(ExportFormat::Apng, "out.apng");
    INFO(apng.message.toStdString());
    REQUIRE(apng.outcome == ExportResult::Outcome::Done);
    const QByteArray bytes = head(scene.options.output, 1 << 16);
    CHECK(bytes.startsWith("\x89PNG"));
    CHECK(bytes.contains("acTL"));  // the animation control chunk: an animated PNG
}

TEST_CASE("a GIF reports its palette pass, its encoding pass and the end", "[export][ffmpeg]") {
    test::requireFfmpeg();
    FormatScene scene(12);
    std::vector<ExportProgress> reports;
    scene.options.format = ExportFormat::Gif;
    scene.options.output = scene.dir.filePath("out.gif");
    const ExportResult result =
        exportAnimation(scene.animation, scene.images, scene.options, nullptr,
                        [&](const ExportProgress& progress) { reports.push_back(progress); });
    INFO(result.message.toStdString());
    REQUIRE(result.outcome == ExportResult::Outcome::Done);
    CHECK(head(scene.options.output, 6) == QByteArray("GIF89a"));
    // Readable by others, as a sequence's frames are (not the temporary file's private 0600).
    CHECK(QFileInfo(scene.options.output).permissions().testFlag(QFile::ReadOther));
    std::vector<ExportStage> stages;
    for (const ExportProgress& p : reports) {
        if (stages.empty() || stages.back() != p.stage) stages.push_back(p.stage);
        CHECK(p.total == 12);
        CHECK(p.done <= 12);
    }
    CHECK(stages == std::vector{ExportStage::Palette, ExportStage::Encoding, ExportStage::Finishing,
                                ExportStage::Over});
    CHECK(reports.back().done == 12);
}
