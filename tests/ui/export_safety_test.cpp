// Exports never destroy what they do not replace (issue 9): a stand-in ffmpeg on PATH fails,
// writes half a file, writes nothing, stops reading or never exits, and each time the target is
// left as it was, no temporary file remains, the message quotes ffmpeg's last words, and no wait
// is unbounded. ffmpeg 5.1 exits 0 after a write error on a full disk: its stderr and its progress
// report are read too. A failed PNG sequence replaces no older frame.

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include "tests/ui/test_support.h"
#include "ui/export/frame_exporter.h"
#include "ui/export/video_encoder.h"
#include "ui/scene/image_library.h"

using namespace mv;

namespace {

// Puts a shell script called ffmpeg first on PATH for the lifetime of this object. The script
// sees ffmpeg's arguments; its last one is the output.
class FakeFfmpeg {
public:
    explicit FakeFfmpeg(const QByteArray& body) : m_path(qgetenv("PATH")) {
        QFile script(m_dir.filePath("ffmpeg"));
        REQUIRE(script.open(QIODevice::WriteOnly));
        script.write(
            "#!/bin/sh\nfor last; do :; done\nout=${last#file:}\n"
            "echo \"$last\" > '" +
            m_dir.filePath("last_argument").toUtf8() + "'\n" + body);
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("PATH", m_dir.path().toUtf8() + ":" + m_path);
    }
    ~FakeFfmpeg() { qputenv("PATH", m_path); }
    QString lastArgument() const {
        QFile file(m_dir.filePath("last_argument"));
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).trimmed() : "";
    }

private:
    QTemporaryDir m_dir;
    QByteArray m_path;
};

// Takes the frames, writes a video and reports the 20 frames of a VideoExport, as ffmpeg does.
const char* const kWritingFfmpeg =
    "cat >/dev/null\necho new video >\"$out\"\nprintf 'frame=20\\nprogress=end\\n'\n";

struct VideoExport {
    VideoExport()
        : script((test::ensureApplication(), test::boxAndRodScript(dir.path()))),
          animation(test::boxAndRodAnimation(script, 20)) {
        target = dir.filePath("victim.mp4");
        QFile file(target);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write("the user's old video");
        options.format = ExportFormat::Mp4;
        options.output = target;
        options.overwrite = true;
    }
    ExportResult run() { return exportAnimation(animation, images, options); }
    QByteArray targetBytes() const {
        QFile file(target);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }
    // Files besides the script's image and the target: temporary files left behind.
    QStringList leftovers() const {
        QStringList files = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
        files.removeAll("box.png");
        files.removeAll("victim.mp4");
        return files;
    }

    QTemporaryDir dir;
    std::shared_ptr<const Script> script;
    const Animation animation;
    ImageLibrary images;
    ExportOptions options;
    QString target;
};

// What every failed export must leave: the user's file as it was and no temporary file beside it.
void checkFailedAndKept(const VideoExport& job, const ExportResult& result) {
    INFO(result.message.toStdString());
    CHECK(result.outcome == ExportResult::Outcome::Failed);
    CHECK(job.targetBytes() == "the user's old video");
    CHECK(job.leftovers().isEmpty());
}

}  // namespace

TEST_CASE("an encoder that fails leaves the existing video and quotes its error",
          "[export][safety]") {
    VideoExport job;
    const FakeFfmpeg ffmpeg("cat >/dev/null\necho 'codec exploded' >&2\nexit 1\n");
    const ExportResult result = job.run();
    checkFailedAndKept(job, result);
    CHECK(result.message.contains("exit code 1"));
    CHECK(result.message.contains("codec exploded"));
}

TEST_CASE("partial output of a failing encoder is removed, and the target stays",
          "[export][safety]") {
    VideoExport job;
    const FakeFfmpeg ffmpeg("head -c 1000 >\"$out\"\necho 'broken pipe' >&2\nexit 1\n");
    checkFailedAndKept(job, job.run());
}

TEST_CASE("an encoder that exits 0 without writing is a failure, not '20 frames written'",
          "[export][safety]") {
    VideoExport job;
    const FakeFfmpeg ffmpeg("cat >/dev/null\nexit 0\n");
    const ExportResult result = job.run();
    checkFailedAndKept(job, result);
    CHECK(result.message.contains("without writing the video"));
}

TEST_CASE("ffmpeg's exit code 0 after a write error is a failure that names the cause",
          "[export][safety]") {
    VideoExport job;
    const FakeFfmpeg ffmpeg(
        "cat >/dev/null\nhead -c 1000 /dev/zero >\"$out\"\nprintf 'frame=20\\nprogress=end\\n'\n"
        "echo \"Error writing trailer of $last: No space left on device\" >&2\nexit 0\n");
    const ExportResult result = job.run();
    checkFailedAndKept(job, result);
    CHECK(result.message.contains("No space left on device"));
}

TEST_CASE("a video with fewer frames than were sent is a failure", "[export][safety]") {
    VideoExport job;
    const FakeFfmpeg ffmpeg(
        "cat >/dev/null\necho part >\"$out\"\nprintf 'frame=12\\nprogress=end\\n'\n");
    const ExportResult result = job.run();
    checkFailedAndKept(job, result);
    CHECK(result.message.contains("did not report all 20 frames"));
}

TEST_CASE("ffmpeg gets an absolute file: name built by us, and success replaces the target",
          "[export][safety]") {
    VideoExport job;
    const FakeFfmpeg ffmpeg(kWritingFfmpeg);
    const ExportResult result = job.run();
    INFO(result.message.toStdString());
    REQUIRE(result.outcome == ExportResult::Outcome::Done);
    CHECK(job.targetBytes() == "new video\n");
    CHECK(ffmpeg.lastArgument().startsWith("file:" + QDir(job.dir.path()).absolutePath() + "/."));
    CHECK(job.leftovers().isEmpty());
}

TEST_CASE("an encoder that stops reading or never exits is stopped within the timeout",
          "[export][safety]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString target = dir.filePath("out.mp4");
    VideoEncoder::Timeouts timeouts;
    timeouts.frameMs = 500;
    timeouts.finishMs = 500;
    QImage frame(640, 480, QImage::Format_RGB32);  // 1.2 MB: more than a pipe holds
    frame.fill(Qt::white);
    QString error;
    // The fake ffmpeg never ends by itself: only the encoder's own timeouts end these sections
    // (their messages say so), and without them the test hangs until CTest's timeout fails it.
    SECTION("stops reading") {
        const FakeFfmpeg ffmpeg("echo 'stuck' >&2\nexec sleep infinity\n");
        VideoEncoder encoder(timeouts);
        REQUIRE(encoder.start(target, VideoEncoder::Container::Mp4, frame.size(), 10, &error));
        CHECK_FALSE(encoder.write(frame, &error));
        CHECK(error.contains("took no frame data"));
    }
    SECTION("never exits") {
        const FakeFfmpeg ffmpeg("cat >/dev/null\necho 'hung' >&2\nexec sleep infinity\n");
        VideoEncoder encoder(timeouts);
        REQUIRE(encoder.start(target, VideoEncoder::Container::Mp4, frame.size(), 10, &error));
        REQUIRE(encoder.write(frame, &error));
        CHECK_FALSE(encoder.finish(&error));
        CHECK(error.contains("did not finish"));
        CHECK(error.contains("hung"));
    }
    CHECK_FALSE(QFileInfo::exists(target));
    CHECK(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
}

TEST_CASE("a failed PNG sequence replaces no older frame and leaves nothing", "[export][safety]") {
    test::ensureApplication();
    QTemporaryDir dir;
    auto script = test::boxAndRodScript(dir.path());
    const Animation animation = test::boxAndRodAnimation(script, 12);
    ImageLibrary images;
    ExportOptions options;
    options.output = dir.filePath("seq/f_%03d.png");
    QDir().mkpath(dir.filePath("seq"));
    QDir().mkpath(
        dir.filePath("seq/f_007.png"));  // a folder where frame 7 goes: it cannot be written
    options.overwrite = true;
    const ExportResult result = exportAnimation(animation, images, options);
    INFO(result.message.toStdString());
    CHECK(result.outcome == ExportResult::Outcome::Failed);
    CHECK(result.message.contains("Is a directory"));
    CHECK(QDir(dir.filePath("seq")).entryList({"*.png"}, QDir::Files).isEmpty());
    CHECK(QDir(dir.filePath("seq"))
              .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot) ==
          QStringList{"f_007.png"});
}

TEST_CASE("a symlink as the output is replaced, not written through", "[export][safety]") {
    VideoExport job;
    const QString elsewhere = job.dir.filePath("elsewhere.mp4");
    REQUIRE(QFile::rename(job.target, elsewhere));
    REQUIRE(QFile::link(elsewhere, job.target));
    job.options.overwrite = false;
    const FakeFfmpeg ffmpeg(kWritingFfmpeg);
    CHECK(job.run().outcome == ExportResult::Outcome::Failed);  // it exists: needs overwrite
    job.options.overwrite = true;
    REQUIRE(job.run().outcome == ExportResult::Outcome::Done);
    CHECK_FALSE(QFileInfo(job.target).isSymLink());
    CHECK(job.targetBytes() == "new video\n");
    QFile old(elsewhere);
    REQUIRE(old.open(QIODevice::ReadOnly));
    CHECK(old.readAll() == "the user's old video");
}

TEST_CASE("the export refuses a canvas too large at its scale before writing anything",
          "[export][safety]") {
    test::ensureApplication();
    QTemporaryDir dir;
    auto wide = std::make_shared<Script>(*test::boxAndRodScript(dir.path()));
    wide->config.width = 1000;  // 16000 pixels at scale 16
    const Animation animation = test::boxAndRodAnimation(wide, 3);
    ImageLibrary images;
    ExportOptions options;
    options.output = dir.filePath("frames");
    options.scale = 16;
    const ExportResult result = exportAnimation(animation, images, options);
    INFO(result.message.toStdString());
    CHECK(result.outcome == ExportResult::Outcome::Failed);
    CHECK(result.message.contains("16000 × 1600 pixels at scale 16"));
    CHECK_FALSE(QFileInfo::exists(options.output));
}
