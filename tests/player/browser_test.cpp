// The HTML player in a real browser, Debian's headless Chromium (scripts/install-deps.sh installs
// it): each frame looks like the PNG export of that frame (mean difference under 2% of full
// scale) for the pump, the juggling paddle and the elements sample at their first, middle and last
// frames; the keys step, play and present as docs/command-line.md says; presentation stands at
// every marker; the URL fragment opens the page where it says (#play plays it) and follows the
// frame shown; with controls=0 the page is exactly the canvas' size, for the docs' iframe.

#include <catch2/catch.hpp>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStringList>
#include <QUrl>

#include <filesystem>

#include "tests/player/page_support.h"

using namespace mv::test;
namespace fs = std::filesystem;

namespace {

QString pageUrl(const std::string& path, const QString& fragment) {
    return QUrl::fromLocalFile(QString::fromStdString(path)).toString() + "#" + fragment;
}

// A copy of the page with the test hook (tests/player/player_hook.js) run in it.
std::string hookedPage(const ScratchFolder& scratch, const QByteArray& html) {
    QFile hook(QStringLiteral(MOVIMENTUM_SOURCE_DIR "/tests/player/player_hook.js"));
    REQUIRE(hook.open(QIODevice::ReadOnly));
    QByteArray page = html;
    page.replace("</body>", "<script>\n" + hook.readAll() + "\n</script>\n</body>");
    const fs::path path = scratch.path() / "hooked.html";
    QFile out(QString::fromStdString(path.string()));
    REQUIRE(out.open(QIODevice::WriteOnly));
    out.write(page);
    return path.string();
}

QJsonObject hookResult(const ScratchFolder& scratch, const QString& url) {
    const QString dom = dumpDom(scratch, url);
    const QRegularExpressionMatch match =
        QRegularExpression(R"re(<pre id="mv-test-result">(.*?)</pre>)re").match(dom);
    if (!match.hasMatch()) return {};
    // The DOM escapes the text's <, > and & as entities; JSON.stringify wrote none of them raw
    // except in strings, which hold only times and frame numbers here.
    QString json = match.captured(1);
    json.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

std::vector<int> ints(const QJsonValue& value) {
    std::vector<int> out;
    for (const QJsonValue& v : value.toArray()) out.push_back(v.toInt());
    return out;
}

// Four markers and the last frame at 10 fps: frames 0, 3, 5, 12 and 20.
const char* const kSlides =
    ".config(10, 200, 100);\n"
    "Rod : .bar A = [0,0] B = [50,0] color = 'teal' width = 5;\n"
    "@0    Rod.A = [100,50]; Rod.B = Rod.A + [50,0].rotate(90° * T);\n"
    "@0.3\n"
    "@0.5\n"
    "@1.2\n"
    "@2\n";

}  // namespace

TEST_CASE("Chromium is installed for the player's tests", "[player][browser]") {
    INFO("scripts/install-deps.sh installs Debian's chromium");
    REQUIRE_FALSE(chromium().isEmpty());
}

TEST_CASE("each frame of the page looks like its PNG export", "[player][browser]") {
    REQUIRE_FALSE(chromium().isEmpty());
    for (const char* sample : {"pump", "juggling", "elements"}) {
        const ScratchFolder scratch(std::string("player_screens_") + sample);
        const RenderedPage page = renderPage(scratch, samplePath(sample), "page.html");
        REQUIRE(page.run.exitCode == 0);
        const int count = pageData(page.html)["count"].toInt();
        for (const int frame : {0, count / 2, count - 1}) {
            INFO(sample << " frame " << frame);
            const std::string folder = "png_" + std::to_string(frame);
            const ProgramRun png =
                runMovimentum(scratch, "render '" + samplePath(sample) + "' -o '" +
                                           (scratch.path() / folder).string() + "' --frames " +
                                           std::to_string(frame));
            REQUIRE(png.exitCode == 0);
            char name[32];
            std::snprintf(name, sizeof name, "frame_%04d.png", frame);
            const QImage exported(
                QString::fromStdString((scratch.path() / folder / name).string()));
            REQUIRE_FALSE(exported.isNull());
            const QImage shot = screenshot(
                scratch, pageUrl(page.path, QStringLiteral("frame=%1&controls=0").arg(frame)),
                exported.width(), exported.height());
            REQUIRE(shot.size() == exported.size());
            const double mean = meanDifference(shot, exported);
            const double ink = meanInkDifference(shot, exported);
            INFO("mean difference " << mean << ", over the machine's pixels " << ink);
            CHECK(mean < 0.02);
            // A blank page would pass the mean on a mostly white frame: over the pixels that are
            // not white in either image the two still agree closely.
            CHECK(ink < 0.05);
        }
    }
}

TEST_CASE("the keys step, play and present the pump as the editor does", "[player][browser]") {
    REQUIRE_FALSE(chromium().isEmpty());
    const ScratchFolder scratch("player_keys");
    const RenderedPage page = renderPage(scratch, samplePath("pump"), "pump.html");
    REQUIRE(page.run.exitCode == 0);
    const QJsonObject r = hookResult(scratch, pageUrl(hookedPage(scratch, page.html), "hook=keys"));
    REQUIRE_FALSE(r.isEmpty());
    // → → ← End → Home ← PageDown ×4 PageUp; the pump's markers are frames 0, 25 and 325.
    CHECK(ints(r["steps"]) == std::vector<int>{1, 2, 1, 325, 325, 0, 0, 25, 325, 325, 325, 25});
    CHECK(r["markerTime"].toString() == "T 1.00 s  frame 25 / 325");
    CHECK(r["playing"].toBool());
    CHECK(r["after400ms"].toInt() == 10);  // 25 fps · 0.4 s
    CHECK(r["pausedAt"].toInt() == 10);
    CHECK_FALSE(r["playingAfterPause"].toBool());
    CHECK(r["restartedAt"].toInt() == 0);
    CHECK(r["presenting"].toBool());
    CHECK(ints(r["stops"]) == std::vector<int>{25, 325});
    CHECK(r["monotonic"].toBool());
    CHECK(r["backOnce"].toInt() == 25);
    CHECK(r["backTwice"].toInt() == 0);
    CHECK(r["skipped"].toObject()["frame"].toInt() == 25);
    CHECK_FALSE(r["skipped"].toObject()["playing"].toBool());
    CHECK(r["leftPresentation"].toBool());
}

TEST_CASE("presentation stands at every marker", "[player][browser]") {
    REQUIRE_FALSE(chromium().isEmpty());
    const ScratchFolder scratch("player_present");
    const std::string script = scratch.write("slides.movimentum", kSlides);
    const RenderedPage page = renderPage(scratch, script, "slides.html");
    REQUIRE(page.run.exitCode == 0);
    const QJsonObject r = hookResult(scratch, pageUrl(hookedPage(scratch, page.html), "hook=keys"));
    REQUIRE_FALSE(r.isEmpty());
    CHECK(ints(r["markers"]) == std::vector<int>{0, 3, 5, 12, 20});
    CHECK(ints(r["stops"]) == std::vector<int>{3, 5, 12, 20});
    CHECK(r["monotonic"].toBool());
    CHECK(r["backOnce"].toInt() == 12);
    CHECK(r["backTwice"].toInt() == 5);
    CHECK(r["skipped"].toObject()["frame"].toInt() == 3);
}

TEST_CASE("the URL fragment opens the page paused where it says", "[player][browser]") {
    REQUIRE_FALSE(chromium().isEmpty());
    const ScratchFolder scratch("player_fragment");
    const RenderedPage page = renderPage(scratch, samplePath("pump"), "pump.html");
    REQUIRE(page.run.exitCode == 0);
    const std::string hooked = hookedPage(scratch, page.html);

    const QJsonObject parsed = hookResult(scratch, pageUrl(hooked, ""));
    const QJsonArray fragments = parsed["fragments"].toArray();
    REQUIRE(fragments.size() == 6);
    CHECK(fragments[0].toObject()["frame"].toInt() == 50);
    CHECK(fragments[0].toObject()["controls"].toBool(true) == false);
    CHECK(fragments[1].toObject()["t"].toDouble() == 2.0);
    CHECK(fragments[2].toObject()["t"].toDouble() == 1.5);
    CHECK(fragments[2].toObject()["present"].toBool());
    CHECK(fragments[3].toObject().isEmpty());  // not numbers: left out
    CHECK(fragments[4].toObject()["frame"].toInt() == 7);
    CHECK(fragments[5].toObject().isEmpty());
    CHECK(parsed["initial"].toObject()["frame"].toInt() == 0);
    CHECK_FALSE(parsed["initial"].toObject()["bare"].toBool());

    const QJsonObject atFrame =
        hookResult(scratch, pageUrl(hooked, "frame=50&controls=0"))["initial"].toObject();
    CHECK(atFrame["frame"].toInt() == 50);
    CHECK_FALSE(atFrame["playing"].toBool());
    CHECK(atFrame["bare"].toBool());
    CHECK(atFrame["time"].toString() == "T 2.00 s  frame 50 / 325");
    CHECK(ints(atFrame["canvas"]) == std::vector<int>{640, 360});
    // The docs' embed, an iframe of the canvas' size, holds the page whole: no scrollbars, and
    // nothing clipped (issue 42, item 8: an inline-block's baseline gap made it 365 px).
    CHECK(atFrame["pageHeight"].toDouble() == 360);
    CHECK(ints(atFrame["canvasBox"]) == std::vector<int>{640, 360});

    const QJsonObject atTime = hookResult(scratch, pageUrl(hooked, "t=2.0"))["initial"].toObject();
    CHECK(atTime["frame"].toInt() == 50);
    CHECK_FALSE(atTime["playing"].toBool());

    const QJsonObject past =
        hookResult(scratch, pageUrl(hooked, "frame=9999"))["initial"].toObject();
    CHECK(past["frame"].toInt() == 325);

    const QJsonObject present =
        hookResult(scratch, pageUrl(hooked, "frame=25&present=1"))["initial"].toObject();
    CHECK(present["presenting"].toBool());
    CHECK(present["present"].toBool());
    CHECK(present["frame"].toInt() == 25);
    CHECK_FALSE(present["playing"].toBool());

    // #play: the embed that plays by itself (issue 42, item 9).
    const auto initial = [&](const QString& fragment) {
        return hookResult(scratch, pageUrl(hooked, fragment))["initial"].toObject();
    };
    const QJsonObject playing = initial("play&controls=0");
    CHECK(playing["playing"].toBool());
    CHECK(playing["bare"].toBool());
    CHECK(initial("frame=25&play=1")["playing"].toBool());
    CHECK_FALSE(initial("frame=25&play=0")["playing"].toBool());
}

TEST_CASE("the URL fragment follows the frame shown, replacing no history", "[player][browser]") {
    REQUIRE_FALSE(chromium().isEmpty());
    const ScratchFolder scratch("player_follow");
    const RenderedPage page = renderPage(scratch, samplePath("pump"), "pump.html");
    REQUIRE(page.run.exitCode == 0);
    const std::string hooked = hookedPage(scratch, page.html);
    const QJsonObject r = hookResult(scratch, pageUrl(hooked, "hook=follow"));
    REQUIRE_FALSE(r.isEmpty());
    // Opened, the page leaves its fragment as it was.
    CHECK(r["initial"].toObject()["hash"].toString() == "#hook=follow");
    QStringList hashes;
    for (const QJsonValue& hash : r["hashes"].toArray()) hashes << hash.toString();
    // → → End PageUp, then Home and Space, 400 ms of play (10 frames), Space: the frame shown,
    // "play" while it plays (written once, not per frame), the test's own key kept.
    CHECK(hashes == QStringList{"#frame=1&hook=follow", "#frame=2&hook=follow",
                                "#frame=325&hook=follow", "#frame=25&hook=follow",
                                "#frame=0&play&hook=follow", "#frame=0&play&hook=follow",
                                "#frame=10&hook=follow"});
    CHECK(r["addedEntries"].toInt() == 0);
}
