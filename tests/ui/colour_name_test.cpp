// A pen colour's name resolved without Qt (core/text/colour_name.h), as QColor resolves it: the
// HTML players (the desktop's page and the browser editor's WebAssembly) paint bars in the colour
// the desktop's scene paints them, every SVG name and every "#" form included.

#include <catch2/catch.hpp>

#include <QColor>

#include <random>

#include "core/text/colour_name.h"

using namespace mv;

namespace {

// What QColor makes of `name`, as an Rgba, or nothing when it is not a colour.
std::optional<Rgba> qtColour(const std::string& name) {
    const QColor colour(QString::fromStdString(name));
    if (!colour.isValid()) return std::nullopt;
    return Rgba{colour.red(), colour.green(), colour.blue(), colour.alpha()};
}

void checkSame(const std::string& name) {
    INFO(name);
    const auto ours = parseColour(name), qt = qtColour(name);
    REQUIRE(ours.has_value() == qt.has_value());
    if (!ours) return;
    CHECK(ours->red == qt->red);
    CHECK(ours->green == qt->green);
    CHECK(ours->blue == qt->blue);
    CHECK(ours->alpha == qt->alpha);
}

}  // namespace

TEST_CASE("every colour name QColor knows, in any case and with spaces", "[colour]") {
    for (const QString& name : QColor::colorNames()) {
        checkSame(name.toStdString());
        checkSame(name.toUpper().toStdString());
        checkSame(" " + name.left(3).toStdString() + " " + name.mid(3).toStdString());
    }
}

TEST_CASE("every # form QColor reads, and what it does not", "[colour]") {
    std::mt19937 random(43);
    const char* digits = "0123456789abcdefABCDEF";
    for (int length = 0; length <= 13; ++length)
        for (int sample = 0; sample < 50; ++sample) {
            std::string name = "#";
            for (int i = 0; i < length; ++i) name += digits[random() % 22];
            checkSame(name);
        }
    for (const char* name : {"", "#", "#12g", "#ggg", "nosuchcolour", "red1", "#80ff00zz"})
        checkSame(name);
}

TEST_CASE("the player gets rgba() with the alpha Qt reads first", "[colour]") {
    CHECK(cssColour("blue") == "rgba(0, 0, 255, 1)");
    CHECK(cssColour("#80ff0000") == "rgba(255, 0, 0, 0.5019607843137255)");
    CHECK(cssColour("transparent") == "rgba(0, 0, 0, 0)");
    CHECK(cssColour("nosuchcolour") == "rgba(0, 0, 0, 1)");  // black, as the scene paints it
}
