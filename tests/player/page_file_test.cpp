// `movimentum render FILE -o OUT.html` as a user runs it: one self-contained page (nothing in it
// is fetched), its pose table equal to `solve --json` to the precision it stores (float32, the
// angle reduced to [-π, π]), its marker ticks at the frames and times of the script's markers,
// and an output it cannot write reported with exit code 2, the path and the reason, leaving what
// was there before as it was.

#include <catch2/catch.hpp>

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>
#include <filesystem>
#include <numbers>

#include "tests/player/page_support.h"

using namespace mv::test;
namespace fs = std::filesystem;

namespace {

float stored(double value) {
    return static_cast<float>(value);
}

float storedAngle(double angle) {
    return static_cast<float>(std::remainder(angle, 2 * std::numbers::pi));
}

}  // namespace

TEST_CASE("the pump's page is one file that fetches nothing", "[player][page]") {
    const ScratchFolder scratch("player_structure");
    const RenderedPage page = renderPage(scratch, samplePath("pump"), "pump.html");
    REQUIRE(page.run.exitCode == 0);
    CHECK(page.run.out.find("326 frames written to") != std::string::npos);
    const QString html = QString::fromUtf8(page.html);
    CHECK(html.startsWith("<!DOCTYPE html>"));
    // No address to fetch anything from, no external script, style, font or frame.
    CHECK_FALSE(html.contains("http://"));
    CHECK_FALSE(html.contains("https://"));
    CHECK_FALSE(html.contains("<link", Qt::CaseInsensitive));
    CHECK_FALSE(html.contains("@import"));
    CHECK_FALSE(html.contains("url(", Qt::CaseInsensitive));
    CHECK_FALSE(html.contains("<iframe", Qt::CaseInsensitive));
    CHECK_FALSE(html.contains(QRegularExpression(R"((src|href)\s*=\s*(?!["']?data:))")));
    CHECK_FALSE(html.contains("fetch("));
    CHECK_FALSE(html.contains("XMLHttpRequest"));
    // The four images once each, as data URIs; every script inline.
    CHECK(html.count("<img class=\"mv-image\"") == 4);
    CHECK(html.count("src=\"data:image/png;base64,") == 4);
    CHECK(html.count("<script") == 2);
    CHECK(html.count("<script>") == 1);
    const QJsonObject data = pageData(page.html);
    CHECK(data["format"].toString() == "movimentum-player");
    CHECK(data["count"].toInt() == 326);
    CHECK(data["images"].toArray().size() == 4);
    CHECK(page.html.size() < 1'000'000);
}

TEST_CASE("the pose table is `solve --json` to the precision it stores", "[player][page]") {
    for (const char* sample : {"pump", "elements", "juggling"}) {
        INFO(sample);
        const ScratchFolder scratch(std::string("player_table_") + sample);
        const RenderedPage page = renderPage(scratch, samplePath(sample), "page.html");
        REQUIRE(page.run.exitCode == 0);
        const ProgramRun solve =
            runMovimentum(scratch, "solve '" + samplePath(sample) + "' --json");
        REQUIRE(solve.exitCode == 0);
        const QJsonObject solved =
            QJsonDocument::fromJson(QByteArray::fromStdString(solve.out)).object();
        const QJsonArray frames = solved["frames"].toArray();
        const QJsonObject data = pageData(page.html);
        const std::vector<float> table = poseTable(data);
        const QJsonArray things = data["things"].toArray();
        const int stride = data["stride"].toInt();
        REQUIRE(data["count"].toInt() == frames.size());
        REQUIRE(table.size() == size_t(stride) * size_t(frames.size()));
        CHECK(data["fps"].toDouble() == solved["fps"].toDouble());
        CHECK(data["width"].toDouble() == solved["width"].toDouble());
        CHECK(data["height"].toDouble() == solved["height"].toDouble());
        int compared = 0;
        for (qsizetype f = 0; f < frames.size(); ++f) {
            const QJsonObject poses = frames[f].toObject()["things"].toObject();
            for (qsizetype i = 0; i < things.size(); ++i) {
                const QJsonObject pose = poses[things[i].toObject()["name"].toString()].toObject();
                const size_t at = size_t(f) * size_t(stride) + 3 * size_t(i);
                REQUIRE(table[at] == stored(pose["x"].toDouble()));
                REQUIRE(table[at + 1] == stored(pose["y"].toDouble()));
                REQUIRE(table[at + 2] == storedAngle(pose["angle"].toDouble()));
                compared += 3;
            }
        }
        CHECK(compared == 3 * things.size() * frames.size());
    }
}

TEST_CASE("a pendulum's place in the table is its bob, pivot and theta on the canvas",
          "[player][page]") {
    // elements.movimentum: Bob hangs from [0, 0] with l = 1, drawn at the canvas centre (200, 150)
    // with 100 units per length; scene y runs down, so the bob is at (200 + 100 sin θ,
    // 150 + 100 cos θ). The point Ball follows x; both are in the table after the (no) things.
    const ScratchFolder scratch("player_elements");
    const RenderedPage page = renderPage(scratch, samplePath("elements"), "page.html");
    REQUIRE(page.run.exitCode == 0);
    const ProgramRun solve =
        runMovimentum(scratch, "solve '" + samplePath("elements") + "' --json");
    const QJsonArray frames =
        QJsonDocument::fromJson(QByteArray::fromStdString(solve.out)).object()["frames"].toArray();
    const QJsonObject data = pageData(page.html);
    const std::vector<float> table = poseTable(data);
    const QJsonArray elements = data["elements"].toArray();
    REQUIRE(elements.size() == 2);
    CHECK(elements[0].toObject()["kind"].toString() == "pendulum");
    CHECK(elements[0].toObject()["values"].toInt() == 5);
    CHECK(elements[1].toObject()["kind"].toString() == "point");
    REQUIRE(data["stride"].toInt() == 7);
    for (qsizetype f = 0; f < frames.size(); f += 25) {
        const QJsonObject states = frames[f].toObject()["elements"].toObject();
        const double theta = states["Bob"].toObject()["theta"].toDouble();
        const QJsonArray x = states["Ball"].toObject()["x"].toArray();
        const float* row = &table[size_t(f) * 7];
        // float32 holds about seven digits: within 1e-4 of a value under 1000.
        CHECK(std::abs(row[0] - (200 + 100 * std::sin(theta))) <= 1e-4);
        CHECK(std::abs(row[1] - (150 + 100 * std::cos(theta))) <= 1e-4);
        CHECK(row[2] == 200.0f);
        CHECK(row[3] == 150.0f);
        CHECK(row[4] == stored(theta));
        CHECK(std::abs(row[5] - (200 + 100 * x[0].toDouble())) <= 1e-4);
        CHECK(std::abs(row[6] - (300 - (150 + 100 * x[1].toDouble()))) <= 1e-4);
    }
}

TEST_CASE("the marker ticks are the script's markers, at their frames and times",
          "[player][page]") {
    const ScratchFolder scratch("player_markers");
    // The pump: @000.0, @+01.0 and @+12.0 at 25 fps are frames 0, 25 and 325.
    const RenderedPage pump = renderPage(scratch, samplePath("pump"), "pump.html");
    REQUIRE(pump.run.exitCode == 0);
    const QJsonArray markers = pageData(pump.html)["markers"].toArray();
    REQUIRE(markers.size() == 3);
    const int frames[] = {0, 25, 325};
    const double times[] = {0, 1, 13};
    const char* labels[] = {"@0", "@1", "@13"};
    for (int i = 0; i < 3; ++i) {
        const QJsonObject m = markers[i].toObject();
        CHECK(m["frame"].toInt() == frames[i]);
        CHECK(m["time"].toDouble() == times[i]);
        CHECK(m["label"].toString() == labels[i]);
    }
    // Only the markers of the frames written: 20 to 100 holds @1 alone.
    const RenderedPage part =
        renderPage(scratch, samplePath("pump"), "part.html", "--frames 20:100");
    REQUIRE(part.run.exitCode == 0);
    const QJsonObject data = pageData(part.html);
    CHECK(data["first"].toInt() == 20);
    CHECK(data["count"].toInt() == 81);
    REQUIRE(data["markers"].toArray().size() == 1);
    CHECK(data["markers"].toArray()[0].toObject()["frame"].toInt() == 25);
}

TEST_CASE("render --traces names anchors, whose paths the page draws from the poses",
          "[player][page]") {
    const ScratchFolder scratch("player_traces");
    const RenderedPage page =
        renderPage(scratch, samplePath("pump"), "pump.html", "--traces Crank.Q,Piston.P");
    REQUIRE(page.run.exitCode == 0);
    const QJsonArray traces = pageData(page.html)["traces"].toArray();
    REQUIRE(traces.size() == 2);
    // Crank is thing 1; its Q is P + [0, 35] in pixels, (48, 83): body (48, -83).
    CHECK(traces[0].toObject()["thing"].toInt() == 1);
    CHECK(traces[0].toObject()["anchor"].toString() == "Q");
    CHECK(traces[0].toObject()["local"].toArray()[0].toDouble() == 48);
    CHECK(traces[0].toObject()["local"].toArray()[1].toDouble() == -83);
    CHECK(traces[1].toObject()["thing"].toInt() == 2);

    const RenderedPage unknown =
        renderPage(scratch, samplePath("pump"), "bad.html", "--traces Crank.Z");
    CHECK(unknown.run.exitCode == 2);
    CHECK(unknown.run.err.find("Crank.Z") != std::string::npos);
    CHECK_FALSE(fs::exists(unknown.path));
    const RenderedPage notHtml =
        renderPage(scratch, samplePath("pump"), "frames", "--traces Crank.Q");
    CHECK(notHtml.run.exitCode == 2);
}

TEST_CASE(
    "an output that cannot be written is exit 2 with the path and the reason, and what "
    "was there stays",
    "[player][page][safety]") {
    const ScratchFolder scratch("player_unwritable");
    // A folder that cannot be made: its parent is a file.
    const std::string blocker = scratch.write("file.txt", "in the way");
    const RenderedPage under = renderPage(scratch, samplePath("pump"), "file.txt/pump.html");
    CHECK(under.run.exitCode == 2);
    CHECK(under.run.err.find("file.txt") != std::string::npos);
    CHECK(readWhole(blocker) == "in the way");

    // An older page, and a write that fails part way (the file size limit): the older page stays
    // whole and no temporary file is left beside it.
    const std::string older = scratch.write("pump.html", "older page");
    const ProgramRun full =
        runMovimentum(scratch, "render '" + samplePath("pump") + "' -o '" + older + "' --force",
                      "trap '' XFSZ; ulimit -f 8;");
    CHECK(full.exitCode == 2);
    CHECK(full.err.find(older) != std::string::npos);
    CHECK(full.err.find("File too large") != std::string::npos);
    CHECK(readWhole(older) == "older page");
    int leftOver = 0;
    for (const auto& entry : fs::directory_iterator(scratch.path()))
        leftOver += entry.path().filename().string().ends_with(".part");
    CHECK(leftOver == 0);

    // A folder in the output's place cannot be replaced by the page; it stays as it was.
    fs::create_directories(scratch.path() / "taken.html" / "inside");
    const RenderedPage folder = renderPage(scratch, samplePath("pump"), "taken.html", "--force");
    CHECK(folder.run.exitCode == 2);
    CHECK(folder.run.err.find("taken.html") != std::string::npos);
    CHECK(fs::is_directory(scratch.path() / "taken.html" / "inside"));

    // Without --force an existing page is not replaced.
    const RenderedPage kept = renderPage(scratch, samplePath("pump"), "pump.html");
    CHECK(kept.run.exitCode == 2);
    CHECK(readWhole(older) == "older page");
}
