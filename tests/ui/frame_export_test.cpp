// Export through the real renderer: the files exist, have the world's size times the scale, and
// their pixels show the sprite where the frame's pose puts it.

#include <catch2/catch.hpp>

#include <QDir>
#include <QImage>
#include <QTemporaryDir>

#include "tests/ui/test_support.h"
#include "ui/export/frame_exporter.h"
#include "ui/scene/image_library.h"

using namespace mv;

namespace {

bool isRed(QRgb c) {
    return qRed(c) > 200 && qGreen(c) < 60 && qBlue(c) < 60;
}

// A box-and-rod animation of `frames` frames in a temporary folder, and what exporting it takes.
// The application must exist before the script is built, hence the comma in its initialiser.
struct ExportScene {
    explicit ExportScene(int frames)
        : script((test::ensureApplication(), test::boxAndRodScript(dir.path()))),
          animation(test::boxAndRodAnimation(script, frames)) {}

    QTemporaryDir dir;
    std::shared_ptr<const Script> script;
    const Animation animation;
    ImageLibrary images;
    ExportOptions options;
};

}  // namespace

TEST_CASE("PNG export writes one file per frame with the sprite at its pose", "[export]") {
    ExportScene scene(6);
    auto& [dir, script, animation, images, options] = scene;
    options.output = QDir(dir.path()).filePath("out");
    options.scale = 2;
    const ExportResult result = exportAnimation(animation, images, options);
    REQUIRE(result.outcome == ExportResult::Outcome::Done);
    CHECK(result.framesWritten == 6);
    CHECK(QDir(options.output).entryList({"*.png"}, QDir::Files).size() == 6);
    for (int k = 0; k < 6; ++k) {
        const QImage frame(framePath(options.output, k));
        REQUIRE(frame.size() == QSize(400, 200));
        // The box's top-left corner is at world (10 + 5k, 80): scene (10 + 5k, 20); the box
        // covers scene x in [10+5k, 30+5k], y in [20, 30]; at scale 2 its centre pixel is:
        const int cx = 2 * (20 + 5 * k), cy = 2 * 25;
        CHECK(isRed(frame.pixel(cx, cy)));
        CHECK_FALSE(isRed(frame.pixel(cx + 24, cy)));  // 2 units right of the box
        CHECK_FALSE(isRed(frame.pixel(cx, cy - 14)));  // 2 units above it
    }
}

TEST_CASE("export refuses to overwrite unless asked to", "[export]") {
    ExportScene scene(3);
    auto& [dir, script, animation, images, options] = scene;
    options.output = QDir(dir.path()).filePath("seq/f_%03d.png");
    REQUIRE(exportAnimation(animation, images, options).outcome == ExportResult::Outcome::Done);
    CHECK(QFileInfo::exists(QDir(dir.path()).filePath("seq/f_002.png")));
    CHECK(exportAnimation(animation, images, options).outcome == ExportResult::Outcome::Failed);
    options.overwrite = true;
    CHECK(exportAnimation(animation, images, options).outcome == ExportResult::Outcome::Done);
}

TEST_CASE("a frame range exports only those frames, named by frame index", "[export]") {
    ExportScene scene(10);
    auto& [dir, script, animation, images, options] = scene;
    options.output = dir.filePath("range");
    options.frames = {4, 6};
    REQUIRE(exportAnimation(animation, images, options).framesWritten == 3);
    CHECK(QDir(options.output).entryList({"*.png"}, QDir::Files) ==
          QStringList{"frame_0004.png", "frame_0005.png", "frame_0006.png"});
}

TEST_CASE("a cancelled export stops early and removes the frames it wrote", "[export]") {
    ExportScene scene(50);
    auto& [dir, script, animation, images, options] = scene;
    options.output = dir.filePath("cancel");
    std::atomic<bool> cancel = false;
    const ExportResult result =
        exportAnimation(animation, images, options, &cancel, [&](const ExportProgress& p) {
            if (p.done == 5) cancel = true;
        });
    CHECK(result.outcome == ExportResult::Outcome::Cancelled);
    CHECK(result.framesWritten == 0);
    CHECK(QDir(options.output).entryList({"*.png"}, QDir::Files).isEmpty());
}

TEST_CASE("MP4 and GIF export through ffmpeg", "[export][ffmpeg]") {
    test::ensureApplication();
    test::requireFfmpeg();
    QTemporaryDir dir;
    auto script = test::boxAndRodScript(dir.path());
    const Animation animation = test::boxAndRodAnimation(script, 12);
    ImageLibrary images;
    for (ExportFormat format : {ExportFormat::Mp4, ExportFormat::Gif}) {
        ExportOptions options;
        options.format = format;
        options.output = dir.filePath(format == ExportFormat::Mp4 ? "out.mp4" : "out.gif");
        const ExportResult result = exportAnimation(animation, images, options);
        INFO(result.message.toStdString());
        REQUIRE(result.outcome == ExportResult::Outcome::Done);
        CHECK(result.framesWritten == 12);
        CHECK(QFileInfo(options.output).size() > 1000);
    }
}

TEST_CASE("without ffmpeg, video export fails with a clear message", "[export][ffmpeg]") {
    ExportScene scene(3);
    auto& [dir, script, animation, images, options] = scene;
    options.format = ExportFormat::Gif;
    options.output = dir.filePath("out.gif");
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", dir.path().toUtf8());  // a folder without ffmpeg
    const ExportResult result = exportAnimation(animation, images, options);
    qputenv("PATH", path);
    CHECK(result.outcome == ExportResult::Outcome::Failed);
    CHECK(result.message.contains("ffmpeg was not found"));
    CHECK_FALSE(QFileInfo::exists(options.output));
}
