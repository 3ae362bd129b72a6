// The HTML player page of an already-solved animation (ui/export/html_export.h), as the Python
// module's
// `_repr_html_` calls it: one file with the images embedded once, the pose table of the frames
// asked for (float32, the angle reduced to [-π, π]), bars with the colour Qt paints them in, the
// failed frames, the traces.

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>
#include <cstring>
#include <numbers>

#include "tests/ui/test_support.h"
#include "ui/export/frame_exporter.h"
#include "ui/export/html_export.h"
#include "ui/scene/image_library.h"

using namespace mv;

namespace {

QJsonObject dataOf(const QByteArray& html) {
    const QByteArray open = "<script type=\"application/json\" id=\"mv-data\">";
    const qsizetype from = html.indexOf(open) + open.size();
    return QJsonDocument::fromJson(html.mid(from, html.indexOf("</script>", from) - from)).object();
}

std::vector<float> tableOf(const QJsonObject& data) {
    const QByteArray bytes = QByteArray::fromBase64(data["table"].toString().toLatin1());
    std::vector<float> table(size_t(bytes.size()) / 4);
    std::memcpy(table.data(), bytes.constData(), table.size() * 4);  // little-endian hosts
    return table;
}

}  // namespace

TEST_CASE("the page holds each image once and every frame's poses", "[html]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const auto script = test::boxAndRodScript(dir.path());
    const Animation animation = test::boxAndRodAnimation(script, 40, 7);
    ImageLibrary images;
    HtmlPageOptions options;
    options.frames = FrameRange{5, 30};
    options.scale = 2;
    options.title = "box <&> rod";
    options.traces = {{ThingId{1}, 1}};
    const QByteArray html = htmlPlayerPage(animation, images, options);
    REQUIRE(html.startsWith("<!DOCTYPE html>"));
    CHECK(html.contains("<title>box &lt;&amp;&gt; rod</title>"));
    CHECK(html.count("<img class=\"mv-image\"") == 1);
    const QJsonObject data = dataOf(html);
    CHECK(data["first"].toInt() == 5);
    CHECK(data["count"].toInt() == 26);
    CHECK(data["pixelWidth"].toInt() == 400);
    CHECK(data["pixelHeight"].toInt() == 200);
    CHECK(data["failed"].toArray() == QJsonArray{7});
    const QJsonArray things = data["things"].toArray();
    CHECK(things[0].toObject()["kind"].toString() == "image");
    const QJsonObject rod = things[1].toObject();
    CHECK(rod["kind"].toString() == "bar");
    CHECK(rod["color"].toString() == "rgba(0, 0, 255, 1)");  // Qt's "blue"
    CHECK(rod["width"].toDouble() == 4);
    CHECK(rod["points"].toArray() == QJsonArray{QJsonArray{0, 0}, QJsonArray{50, 0}});
    CHECK(data["traces"].toArray()[0].toObject()["anchor"].toString() == "B");
    REQUIRE(data["stride"].toInt() == 6);
    const std::vector<float> table = tableOf(data);
    REQUIRE(table.size() == 26 * 6);
    for (int k = 5; k <= 30; ++k) {
        const float* row = &table[size_t(k - 5) * 6];
        CHECK(row[0] == float(10.0 + 5 * k));  // the box moves 5 units a frame
        CHECK(row[1] == 80.0f);
        CHECK(row[2] == 0.0f);
        CHECK(row[3] == 20.0f);
        // The rod turns 10° a frame; past 180° the table holds the same turn less 360°.
        CHECK(row[5] ==
              float(std::remainder(k * 10 * std::numbers::pi / 180, 2 * std::numbers::pi)));
        CHECK(std::abs(row[5]) <= static_cast<float>(std::numbers::pi));
    }
}

TEST_CASE("a page of no frames or no script is empty", "[html]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const Animation animation = test::boxAndRodAnimation(test::boxAndRodScript(dir.path()), 4);
    ImageLibrary images;
    HtmlPageOptions options;
    options.frames = FrameRange{10, 20};
    CHECK(htmlPlayerPage(animation, images, options).isEmpty());
    CHECK(htmlPlayerPage(Animation{}, images).isEmpty());
}

TEST_CASE("the export writes the page as one file, replacing one only when asked", "[html]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const Animation animation = test::boxAndRodAnimation(test::boxAndRodScript(dir.path()), 12);
    ImageLibrary images;
    ExportOptions options;
    options.format = formatForPath(dir.filePath("rod.html")).value_or(ExportFormat::Png);
    REQUIRE(options.format == ExportFormat::Html);
    options.output = dir.filePath("rod.html");
    options.traces = {{ThingId{1}, 1}};
    const ExportResult written = exportAnimation(animation, images, options);
    REQUIRE(written.outcome == ExportResult::Outcome::Done);
    CHECK(written.framesWritten == 12);
    CHECK(written.message == "12 frames written to " + options.output);
    QFile page(options.output);
    REQUIRE(page.open(QIODevice::ReadOnly));
    const QByteArray html = page.readAll();
    CHECK(html.startsWith("<!DOCTYPE html>"));
    CHECK(html.contains("<title>rod</title>"));
    CHECK(dataOf(html)["traces"].toArray().size() == 1);
    CHECK(QFileInfo(options.output).permissions() & QFile::ReadOther);
    // Not replaced without being asked; nothing but the page in the folder (no temporary file).
    const ExportResult again = exportAnimation(animation, images, options);
    CHECK(again.outcome == ExportResult::Outcome::Failed);
    CHECK(again.message.contains("exists already"));
    CHECK(QDir(dir.path()).entryList({"*.part", ".*.part"}, QDir::Files | QDir::Hidden).isEmpty());
}
