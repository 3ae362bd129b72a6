// Elements are drawn (docs/reference.md#visuals, Visuals). The pixels of rendered frames are
// checked against positions computed here: the bob at origin + scale · l [sin θ, −cos θ] for the θ
// the frame reports, the falling ball at origin + scale · (x0 + v0 t + g t²/2) in closed form, both
// with the canvas's y pointing up (image row = height − y). `visual = none` draws nothing; an image
// visual turns with the rod.

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <cmath>
#include <sstream>

#include "core/compile.h"
#include "solver/api/animation.h"
#include "tests/ui/test_support.h"
#include "ui/export/frame_renderer.h"
#include "ui/export/script_render.h"
#include "ui/scene/element_item.h"
#include "ui/scene/image_files.h"
#include "ui/scene/image_library.h"
#include "ui/scene/machine_scene.h"
#include "ui/scene/thing_item.h"

using namespace mv;

namespace {

// The issue's script: a pendulum and a falling ball with no drawing of their own, on a 400×300
// canvas, so both are at the default origin [200, 150] and scale 100.
const char* const kIssueScript =
    ".config(25, 400, 300);\n"
    "Bob   : .pendulum theta = 0.8 l = 1;\n"
    "Swing : .swing target = Bob;\n"
    "Ball  : .point x = [1,2] x_d1 = [1,0];\n"
    "Fall  : .gravity target = Ball;\n"
    "@0\n"
    "@3\n";

QString write(const QTemporaryDir& dir, const QString& name, const std::string& text) {
    const QString path = dir.filePath(name);
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(text.data(), static_cast<qint64>(text.size()));
    return path;
}

// The script solved as the render command solves it.
Animation solve(const QTemporaryDir& dir, ImageLibrary& images, const std::string& text) {
    auto source = std::make_shared<const SourceText>("visuals.movimentum", text);
    const CompileResult compiled = compileScript(source, ImageFiles(images, dir.path()));
    REQUIRE(compiled.diagnostics.empty());
    return solveAnimation(compiled.script, {});
}

// The pixel a canvas position falls on: image rows count down from the canvas's top edge.
QRgb pixelAt(const QImage& frame, Vec2 canvas) {
    return frame.pixel(static_cast<int>(std::floor(canvas.x)),
                       static_cast<int>(std::floor(frame.height() - canvas.y)));
}

bool isDark(QRgb c) {
    return qRed(c) < 60 && qGreen(c) < 60 && qBlue(c) < 60;
}
bool isWhite(QRgb c) {
    return qRed(c) > 250 && qGreen(c) > 250 && qBlue(c) > 250;
}
bool isRed(QRgb c) {
    return qRed(c) > 200 && qGreen(c) < 60 && qBlue(c) < 60;
}
bool isBlue(QRgb c) {
    return qBlue(c) > 200 && qRed(c) < 60 && qGreen(c) < 60;
}

bool blank(const QImage& frame) {
    for (int y = 0; y < frame.height(); ++y)
        for (int x = 0; x < frame.width(); ++x)
            if (!isWhite(frame.pixel(x, y))) return false;
    return true;
}

// A 40×10 picture, red on its left half and blue on its right: which way it points shows.
void writeArrow(const QTemporaryDir& dir) {
    QImage arrow(40, 10, QImage::Format_RGB32);
    arrow.fill(Qt::red);
    for (int y = 0; y < 10; ++y)
        for (int x = 20; x < 40; ++x) arrow.setPixel(x, y, qRgb(0, 0, 255));
    arrow.save(dir.filePath("arrow.png"));
}

}  // namespace

TEST_CASE("the issue's script exports frames with the bob and the ball where they are",
          "[visual][render]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString script = write(dir, "issue.movimentum", kIssueScript);
    ExportOptions options;
    options.output = dir.filePath("frames");
    std::ostringstream out, err;
    REQUIRE(renderScript(script, kIssueScript, options, out, err) == RenderOutcome::Done);
    ImageLibrary images;
    const Animation animation = solve(dir, images, kIssueScript);
    REQUIRE(animation.frames.size() == 76);

    const Vec2 origin{200, 150};
    for (int k : {0, 10, 17, 33, 60}) {
        INFO("frame " << k);
        const QImage frame(framePath(options.output, k));
        REQUIRE(frame.size() == QSize(400, 300));
        const double theta = animation.frames[k].elements[0][0].x;
        const Vec2 bob = origin + 100 * Vec2{std::sin(theta), -std::cos(theta)};
        CHECK(isDark(pixelAt(frame, bob)));
        CHECK(isDark(pixelAt(frame, origin + 0.5 * (bob - origin))));  // the rod's middle
        // The same point mirrored across the vertical, and across the pivot's height, is empty:
        // x and y both run the way the canvas says.
        CHECK(isWhite(pixelAt(frame, {2 * origin.x - bob.x, bob.y})));
        CHECK(isWhite(pixelAt(frame, {bob.x, 2 * origin.y - bob.y})));
    }
    // The ball is on the canvas from about 0.32 s to 0.84 s.
    for (int k : {10, 15, 20}) {
        INFO("frame " << k);
        const QImage frame(framePath(options.output, k));
        const double t = k / 25.0;
        const Vec2 ball = origin + 100 * Vec2{1 + t, 2 - 9.81 * t * t / 2};
        CHECK(isDark(pixelAt(frame, ball)));
        CHECK(isWhite(pixelAt(frame, ball + Vec2{0, 20})));  // above it: already fallen past
    }
}

TEST_CASE("origin and scale place the element's coordinates on the canvas", "[visual]") {
    test::ensureApplication();
    QTemporaryDir dir;
    ImageLibrary images;
    // theta = 90°: the bob is l to the right of the pivot, which is at the origin.
    const Animation animation = solve(dir, images,
                                      ".config(10, 400, 300);\n"
                                      "Bob : .pendulum theta = 90° l = 2 origin = [50, 250] "
                                      "scale = 30;\n"
                                      "@0 @1\n");
    FrameRenderer renderer(images, animation.script, 1);
    const QImage frame = renderer.render(animation.frames[5]);
    CHECK(isDark(pixelAt(frame, {110, 250})));  // 50 + 30 · 2
    CHECK(isDark(pixelAt(frame, {80, 250})));   // the rod
    CHECK(isWhite(pixelAt(frame, {300, 150})));
}

TEST_CASE("visual = none draws nothing", "[visual]") {
    test::ensureApplication();
    QTemporaryDir dir;
    ImageLibrary images;
    const Animation animation = solve(dir, images,
                                      ".config(25, 400, 300);\n"
                                      "Bob   : .pendulum theta = 0.8 l = 1 visual = none;\n"
                                      "Swing : .swing target = Bob;\n"
                                      "Ball  : .point x = [0,0] visual = none;\n"
                                      "@0\n"
                                      "@1\n");
    FrameRenderer renderer(images, animation.script, 1);
    for (int k : {0, 12, 25}) CHECK(blank(renderer.render(animation.frames[k])));
}

TEST_CASE("an image visual is centred on the bob and turns with the rod", "[visual]") {
    test::ensureApplication();
    QTemporaryDir dir;
    writeArrow(dir);
    ImageLibrary images;
    const Animation animation = solve(dir, images,
                                      ".config(25, 400, 300);\n"
                                      "Bob   : .pendulum theta = 1.2 l = 1 visual = 'arrow.png';\n"
                                      "Swing : .swing target = Bob;\n"
                                      "@0\n"
                                      "@2\n");
    FrameRenderer renderer(images, animation.script, 1);
    const Vec2 origin{200, 150};
    for (int k : {0, 9, 20, 31, 44}) {
        INFO("frame " << k);
        const QImage frame = renderer.render(animation.frames[k]);
        const double theta = animation.frames[k].elements[0][0].x;
        const Vec2 bob = origin + 100 * Vec2{std::sin(theta), -std::cos(theta)};
        // The picture's +x axis turns counter-clockwise by theta: blue lies that way from the bob,
        // red the other way, and nothing is drawn along the picture's short side beyond its edge.
        const Vec2 along{std::cos(theta), std::sin(theta)};
        const Vec2 across{-along.y, along.x};
        CHECK(isBlue(pixelAt(frame, bob + 12 * along)));
        CHECK(isRed(pixelAt(frame, bob - 12 * along)));
        CHECK(isWhite(pixelAt(frame, bob + 10 * across)));
        CHECK(isWhite(pixelAt(frame, origin)));  // no rod: the image stands in for the class visual
    }
}

TEST_CASE("the editor's element items are selectable, hoverable and above the things",
          "[visual][scene]") {
    test::ensureApplication();
    QTemporaryDir dir;
    ImageLibrary images;
    const Animation animation = solve(dir, images,
                                      ".config(25, 400, 300);\n"
                                      "Rod : .bar A = [0,0] B = [10,0];\n"
                                      "Bob : .pendulum theta = 90° l = 1;\n"
                                      "Hidden : .point visual = none;\n"
                                      "Ball : .point x = [-1, 1];\n"
                                      "@0 Rod.A = [0,0]; Rod.B = [10,0];\n"
                                      "@1\n");
    MachineScene scene(images, MachineScene::Mode::Editor);
    scene.setScript(animation.script);
    scene.showFrame(animation.frames[0]);
    ElementItem* bob = scene.elementItem(ElementId{0});
    ElementItem* ball = scene.elementItem(ElementId{2});
    REQUIRE(bob);
    REQUIRE(ball);
    CHECK(scene.elementItem(ElementId{1}) == nullptr);
    CHECK(bob->zValue() > scene.thingItem(ThingId{0})->zValue());
    CHECK(ball->zValue() > bob->zValue());
    CHECK(bob->describe() == QString::fromUtf8("Bob.theta = 90.0°, the bob at [300.00, 150.00]"));
    CHECK(ball->describe() == "Ball.x = [-1.000, 1.000], at [100.00, 250.00]");
    // A click on the bob's disc hits the bob (scene y = 300 − 150).
    CHECK(scene.itemAt(QPointF(300, 150), QTransform()) == bob);
    scene.selectElement(0);
    CHECK(scene.selectedElement() == 0);
    CHECK(scene.selectedThing() == -1);
    scene.selectThing(0);
    CHECK(scene.selectedElement() == -1);
    scene.selectElement(-1);
    CHECK(scene.selectedThing() == 0);
}
