// Memory bounded by what is drawn (issue 24): `check` and `solve` read only the images' headers,
// and all images together stay within ImageLibrary::kMaxTotalPixels, the one that would cross it
// being an error on its file name. The pictures are made here: one 6000 × 6000 PNG (a few KB,
// 36 Mpixels decoded), copied under several names.

#include <catch2/catch.hpp>

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <string>

#include "core/compile.h"
#include "tests/ui/test_support.h"
#include "ui/scene/image_files.h"
#include "ui/scene/image_library.h"

using namespace mv;

namespace {

constexpr int kSide = 6000;

void writeBigPng(const QString& path) {
    QImage image(kSide, kSide, QImage::Format_RGB32);
    image.fill(Qt::darkCyan);
    REQUIRE(image.save(path, "png"));
}

// A script with one image thing per copy, thing i on line i + 1.
std::string scriptOf(int things) {
    std::string text;
    for (int i = 0; i < things; ++i)
        text += "T" + std::to_string(i) + " : 'big" + std::to_string(i) + ".png' P = [0,0];\n";
    return text + "@0\n@1\n";
}

}  // namespace

TEST_CASE("a library that reads sizes only holds no picture", "[images][budget]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString path = dir.filePath("big.png");
    writeBigPng(path);
    ImageLibrary sizes(ImageLibrary::Decoding::SizeOnly);
    const LoadedImage header = sizes.load(path);
    CHECK(header.problem.isEmpty());
    CHECK(header.size == QSize(kSide, kSide));
    CHECK(header.image.isNull());
}

TEST_CASE("the image that crosses the total budget is an error on its file name",
          "[images][budget]") {
    test::ensureApplication();
    QTemporaryDir dir;
    writeBigPng(dir.filePath("big0.png"));
    const qint64 each = qint64(kSide) * kSide;
    const int fit = int(ImageLibrary::kMaxTotalPixels / each);  // 7 of 36 Mpixels in 256
    for (int i = 1; i <= fit; ++i)
        REQUIRE(QFile::copy(dir.filePath("big0.png"), dir.filePath(QString("big%1.png").arg(i))));
    const auto source = std::make_shared<const SourceText>("big.movimentum", scriptOf(fit + 1));
    ImageLibrary images(ImageLibrary::Decoding::SizeOnly);
    const CompileResult result = compileScript(source, ImageFiles(images, dir.path()));
    REQUIRE(result.diagnostics.size() == 1);
    const Diagnostic& d = result.diagnostics[0];
    CHECK(d.severity == Severity::Error);
    CHECK(source->location(d.range.begin).line == fit + 1);
    CAPTURE(d.message);
    CHECK(d.message.find("'big" + std::to_string(fit) + ".png' cannot be drawn") !=
          std::string::npos);
    CHECK(d.message.find("more than 256 Mpixels") != std::string::npos);

    SECTION("forgetting an image gives its share back") {
        images.forget(dir.filePath("big0.png"));
        CHECK(images.load(dir.filePath("big0.png")).problem.isEmpty());
    }
}
