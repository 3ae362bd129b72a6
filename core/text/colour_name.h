#pragma once
// A pen colour's name as the canvas paints it, in both builds: the desktop's scene gives the name
// to QColor, the HTML player (ours and the browser editor's, solver/api/player_data.h) to the
// canvas as CSS. The two agree on the SVG colour names, but not on "#aarrggbb", which Qt reads
// with the alpha first and CSS with it last; so the name is resolved here, as QColor resolves it
// (tests/ui/colour_name_test.cpp compares every name and form with QColor), and the player gets
// plain rgba().

#include <optional>
#include <string>
#include <string_view>

namespace mv {

struct Rgba {
    int red = 0, green = 0, blue = 0;  // 0..255
    int alpha = 255;                   // 0..255
};

// As QColor(name): the SVG colour names and "transparent" (any case, spaces ignored), "#rgb",
// "#rrggbb", "#aarrggbb", "#rrrgggbbb" and "#rrrrggggbbbb"; nothing for anything else.
std::optional<Rgba> parseColour(std::string_view name);

// "rgba(r, g, b, a)" for CSS, a in 0..1; black for a name QColor does not know (as the scene
// paints it).
std::string cssColour(std::string_view name);

}  // namespace mv
