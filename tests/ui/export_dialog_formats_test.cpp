// The export dialog lists the formats from the one table in export_options.cpp, and choosing one
// suggests an output of that kind beside the script: a folder for a sequence, a file with the
// format's suffix otherwise.

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "tests/ui/test_support.h"
#include "ui/scene/image_library.h"
#include "ui/window/export_dialog.h"

using namespace mv;

namespace {

// The dialog for five frames of a box and a rod, a script in a folder of its own.
struct DialogOnRod {
    bool application = (test::ensureApplication(), true);  // before the first widget
    QTemporaryDir dir;
    std::shared_ptr<const Script> script = test::boxAndRodScript(dir.path());
    std::shared_ptr<const Animation> animation =
        std::make_shared<const Animation>(test::boxAndRodAnimation(script, 5));
    ImageLibrary images;
    ExportDialog dialog{animation, images, dir.filePath("rod.movimentum")};
};

}  // namespace

TEST_CASE("the export dialog offers every format and suggests an output of its kind",
          "[export][dialog]") {
    DialogOnRod fixture;
    ExportDialog& dialog = fixture.dialog;
    const QTemporaryDir& dir = fixture.dir;
    auto* format = dialog.findChild<QComboBox*>();
    REQUIRE(format);
    REQUIRE(format->count() == int(exportFormats().size()));
    for (int i = 0; i < format->count(); ++i) {
        format->setCurrentIndex(i);
        const ExportFormatInfo& info = exportFormats()[size_t(i)];
        INFO(info.name);
        CHECK(dialog.options().format == info.format);
        CHECK(dialog.options().output ==
              dir.filePath(info.sequence ? QString("rod_frames") : QString("rod.") + info.suffix));
    }
}

// Issue 41: a finished export shows a full bar (not ffmpeg's busy stripes) and a way to the
// folder that holds it.
TEST_CASE("a finished export says 100 % and offers its folder", "[export][dialog]") {
    DialogOnRod fixture;
    ExportDialog& dialog = fixture.dialog;
    auto* open = dialog.findChild<QPushButton*>("openFolder");
    REQUIRE(open);
    CHECK(open->isHidden());
    QPushButton* start = nullptr;
    for (QPushButton* b : dialog.findChildren<QPushButton*>())
        if (b->text() == "Export") start = b;
    REQUIRE(start);
    dialog.show();
    start->click();
    REQUIRE(QTest::qWaitFor([&] { return !open->isHidden(); }, test::kHangGuardMs));
    const auto* bar = dialog.findChild<QProgressBar*>();
    REQUIRE(bar);
    CHECK(bar->maximum() > 0);  // not busy
    CHECK(bar->value() == bar->maximum());
}
