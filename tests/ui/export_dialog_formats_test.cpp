// The export dialog lists the formats from the one table in export_options.cpp, and choosing one
// suggests an output of that kind beside the script: a folder for a sequence, a file with the
// format's suffix otherwise.

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QTemporaryDir>

#include "tests/ui/test_support.h"
#include "ui/scene/image_library.h"
#include "ui/window/export_dialog.h"

using namespace mv;

TEST_CASE("the export dialog offers every format and suggests an output of its kind",
          "[export][dialog]") {
    test::ensureApplication();
    QTemporaryDir dir;
    auto script = test::boxAndRodScript(dir.path());
    auto animation = std::make_shared<const Animation>(test::boxAndRodAnimation(script, 5));
    ImageLibrary images;
    ExportDialog dialog(animation, images, dir.filePath("rod.movimentum"));
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
