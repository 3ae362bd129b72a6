#include "tests/ui/test_support.h"

#include "ui/export/video_encoder.h"
#include "ui/preview/live_preview.h"
#include "ui/window/editor_app.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QStandardPaths>
#include <QTest>

#include <catch2/catch.hpp>
#include <cmath>

namespace mv::test {

void ensureApplication() {
    if (QApplication::instance()) return;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    // QApplication keeps references to argc and argv: they must outlive it.
    static int argc = 1;
    static char name[] = "ui_tests";
    static char* argv[] = {name, nullptr};
    new QApplication(argc, argv);  // lives until the test program exits
    registerEditorResources();
    // Recent files and settings go to a test location, never to the user's own.
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName("MovimentumTests");
    QApplication::setApplicationName("ui_tests");
}

std::shared_ptr<const Script> boxAndRodScript(const QString& folder) {
    auto script = std::make_shared<Script>();
    script->folder = folder.toStdString();
    script->config = Config{10, 200, 100, {}};
    QImage box(20, 10, QImage::Format_RGB32);
    box.fill(Qt::red);
    const QString boxPath = QDir(folder).filePath("box.png");
    box.save(boxPath);

    Thing image;
    image.name = "Box";
    image.kind = Thing::Kind::Image;
    image.imageFile = "box.png";
    image.imagePath = boxPath.toStdString();
    image.anchors = {{"P", {}, {0, 0}}, {"Q", {}, {20, -10}}};
    Thing bar;
    bar.name = "Rod";
    bar.kind = Thing::Kind::Bar;
    bar.color = "blue";
    bar.lineWidth = 4;
    bar.anchors = {{"A", {}, {0, 0}}, {"B", {}, {50, 0}}};
    script->things = {image, bar};
    script->steps = {Step{0, {}, {}, {}}};
    return script;
}

Animation boxAndRodAnimation(std::shared_ptr<const Script> script, int frames, int failedFrame) {
    Animation animation;
    animation.script = script;
    const double fps = script->config.fps;
    animation.plan.segments = {Segment{0, frames, 0, {}}};
    std::vector<FrameSolution> solved;
    for (int k = 0; k < frames; ++k) {
        animation.plan.frames.push_back(Frame{k, k / fps, k / fps, 0, 0, 0});
        FrameSolution frame;
        frame.index = k;
        frame.time = frame.t = k / fps;
        frame.poses = {Pose{10.0 + 5 * k, 80, 0}, Pose{20, 20, k * 10 * M_PI / 180}};
        // What the solver would say: Box moves at 50 units/s, Rod turns at 100°/s.
        frame.poseVelocities = {Pose{50, 0, 0}, Pose{0, 0, 100 * M_PI / 180}};
        frame.poseAccelerations = {Pose{}, Pose{}};
        frame.failed = k == failedFrame;
        solved.push_back(frame);
    }
    animation.frames = AnimationFrames(std::move(solved));
    return animation;
}

bool waitUntilIdle(LivePreview& preview) {
    return QTest::qWaitFor([&] { return !preview.isBusy(); }, kHangGuardMs);
}

void requireFfmpeg() {
    INFO("scripts/install-deps.sh installs Debian's ffmpeg");
    REQUIRE_FALSE(VideoEncoder::findFfmpeg().isEmpty());
}

const char* const kTurningRod =
    ".config(10, 200, 100);\n"
    "Rod : .bar A = [0,0] B = [50,0];\n"
    "@0   Rod.A = [20,30]; Rod.B = Rod.A + [50,0].rotate(90° * t);\n"
    "@1\n";

UserPrompts quietPrompts() {
    UserPrompts prompts;
    prompts.unsavedChanges = [](const QString&) { return UserPrompts::Unsaved::Discard; };
    prompts.restoreBackup = [](const QString&) { return false; };
    prompts.error = [](const QString&, const QString& message) { FAIL(message.toStdString()); };
    return prompts;
}

}  // namespace mv::test
