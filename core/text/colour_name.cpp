#include "core/text/colour_name.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>

#include "core/text/number_chars.h"

namespace mv {

namespace {

struct NamedColour {
    std::string_view name;
    int red, green, blue;
};

// The names QColor::colorNames() lists (the SVG 1.1 colour keywords and "transparent"), sorted.
constexpr NamedColour kNamed[] = {
    {"aliceblue", 240, 248, 255},
    {"antiquewhite", 250, 235, 215},
    {"aqua", 0, 255, 255},
    {"aquamarine", 127, 255, 212},
    {"azure", 240, 255, 255},
    {"beige", 245, 245, 220},
    {"bisque", 255, 228, 196},
    {"black", 0, 0, 0},
    {"blanchedalmond", 255, 235, 205},
    {"blue", 0, 0, 255},
    {"blueviolet", 138, 43, 226},
    {"brown", 165, 42, 42},
    {"burlywood", 222, 184, 135},
    {"cadetblue", 95, 158, 160},
    {"chartreuse", 127, 255, 0},
    {"chocolate", 210, 105, 30},
    {"coral", 255, 127, 80},
    {"cornflowerblue", 100, 149, 237},
    {"cornsilk", 255, 248, 220},
    {"crimson", 220, 20, 60},
    {"cyan", 0, 255, 255},
    {"darkblue", 0, 0, 139},
    {"darkcyan", 0, 139, 139},
    {"darkgoldenrod", 184, 134, 11},
    {"darkgray", 169, 169, 169},
    {"darkgreen", 0, 100, 0},
    {"darkgrey", 169, 169, 169},
    {"darkkhaki", 189, 183, 107},
    {"darkmagenta", 139, 0, 139},
    {"darkolivegreen", 85, 107, 47},
    {"darkorange", 255, 140, 0},
    {"darkorchid", 153, 50, 204},
    {"darkred", 139, 0, 0},
    {"darksalmon", 233, 150, 122},
    {"darkseagreen", 143, 188, 143},
    {"darkslateblue", 72, 61, 139},
    {"darkslategray", 47, 79, 79},
    {"darkslategrey", 47, 79, 79},
    {"darkturquoise", 0, 206, 209},
    {"darkviolet", 148, 0, 211},
    {"deeppink", 255, 20, 147},
    {"deepskyblue", 0, 191, 255},
    {"dimgray", 105, 105, 105},
    {"dimgrey", 105, 105, 105},
    {"dodgerblue", 30, 144, 255},
    {"firebrick", 178, 34, 34},
    {"floralwhite", 255, 250, 240},
    {"forestgreen", 34, 139, 34},
    {"fuchsia", 255, 0, 255},
    {"gainsboro", 220, 220, 220},
    {"ghostwhite", 248, 248, 255},
    {"gold", 255, 215, 0},
    {"goldenrod", 218, 165, 32},
    {"gray", 128, 128, 128},
    {"green", 0, 128, 0},
    {"greenyellow", 173, 255, 47},
    {"grey", 128, 128, 128},
    {"honeydew", 240, 255, 240},
    {"hotpink", 255, 105, 180},
    {"indianred", 205, 92, 92},
    {"indigo", 75, 0, 130},
    {"ivory", 255, 255, 240},
    {"khaki", 240, 230, 140},
    {"lavender", 230, 230, 250},
    {"lavenderblush", 255, 240, 245},
    {"lawngreen", 124, 252, 0},
    {"lemonchiffon", 255, 250, 205},
    {"lightblue", 173, 216, 230},
    {"lightcoral", 240, 128, 128},
    {"lightcyan", 224, 255, 255},
    {"lightgoldenrodyellow", 250, 250, 210},
    {"lightgray", 211, 211, 211},
    {"lightgreen", 144, 238, 144},
    {"lightgrey", 211, 211, 211},
    {"lightpink", 255, 182, 193},
    {"lightsalmon", 255, 160, 122},
    {"lightseagreen", 32, 178, 170},
    {"lightskyblue", 135, 206, 250},
    {"lightslategray", 119, 136, 153},
    {"lightslategrey", 119, 136, 153},
    {"lightsteelblue", 176, 196, 222},
    {"lightyellow", 255, 255, 224},
    {"lime", 0, 255, 0},
    {"limegreen", 50, 205, 50},
    {"linen", 250, 240, 230},
    {"magenta", 255, 0, 255},
    {"maroon", 128, 0, 0},
    {"mediumaquamarine", 102, 205, 170},
    {"mediumblue", 0, 0, 205},
    {"mediumorchid", 186, 85, 211},
    {"mediumpurple", 147, 112, 219},
    {"mediumseagreen", 60, 179, 113},
    {"mediumslateblue", 123, 104, 238},
    {"mediumspringgreen", 0, 250, 154},
    {"mediumturquoise", 72, 209, 204},
    {"mediumvioletred", 199, 21, 133},
    {"midnightblue", 25, 25, 112},
    {"mintcream", 245, 255, 250},
    {"mistyrose", 255, 228, 225},
    {"moccasin", 255, 228, 181},
    {"navajowhite", 255, 222, 173},
    {"navy", 0, 0, 128},
    {"oldlace", 253, 245, 230},
    {"olive", 128, 128, 0},
    {"olivedrab", 107, 142, 35},
    {"orange", 255, 165, 0},
    {"orangered", 255, 69, 0},
    {"orchid", 218, 112, 214},
    {"palegoldenrod", 238, 232, 170},
    {"palegreen", 152, 251, 152},
    {"paleturquoise", 175, 238, 238},
    {"palevioletred", 219, 112, 147},
    {"papayawhip", 255, 239, 213},
    {"peachpuff", 255, 218, 185},
    {"peru", 205, 133, 63},
    {"pink", 255, 192, 203},
    {"plum", 221, 160, 221},
    {"powderblue", 176, 224, 230},
    {"purple", 128, 0, 128},
    {"red", 255, 0, 0},
    {"rosybrown", 188, 143, 143},
    {"royalblue", 65, 105, 225},
    {"saddlebrown", 139, 69, 19},
    {"salmon", 250, 128, 114},
    {"sandybrown", 244, 164, 96},
    {"seagreen", 46, 139, 87},
    {"seashell", 255, 245, 238},
    {"sienna", 160, 82, 45},
    {"silver", 192, 192, 192},
    {"skyblue", 135, 206, 235},
    {"slateblue", 106, 90, 205},
    {"slategray", 112, 128, 144},
    {"slategrey", 112, 128, 144},
    {"snow", 255, 250, 250},
    {"springgreen", 0, 255, 127},
    {"steelblue", 70, 130, 180},
    {"tan", 210, 180, 140},
    {"teal", 0, 128, 128},
    {"thistle", 216, 191, 216},
    {"tomato", 255, 99, 71},
    {"transparent", 0, 0, 0},
    {"turquoise", 64, 224, 208},
    {"violet", 238, 130, 238},
    {"wheat", 245, 222, 179},
    {"white", 255, 255, 255},
    {"whitesmoke", 245, 245, 245},
    {"yellow", 255, 255, 0},
    {"yellowgreen", 154, 205, 50},
};

std::optional<int> hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return std::nullopt;
}

// The value of `digits` hex digits from `at`, or nothing when one is not a hex digit.
std::optional<int> hexValue(std::string_view text, size_t at, size_t digits) {
    int value = 0;
    for (size_t i = at; i < at + digits; ++i) {
        const auto digit = hexDigit(text[i]);
        if (!digit) return std::nullopt;
        value = value * 16 + *digit;
    }
    return value;
}

// A channel of `width` hex digits widened to 16 bits, as QColor stores it.
int sixteenBits(int value, size_t width) {
    switch (width) {
        case 1:
            return value * 0x1111;
        case 2:
            return value * 0x101;
        case 3:
            return value << 4 | value >> 8;
        default:
            return value;
    }
}

// QColor's 16-bit channel read back as 8 bits (qt_div_257: x / 257, rounded).
int eightBits(int value) {
    return (value - (value >> 8) + 0x80) >> 8;
}

// "#" and 3, 6, 8, 9 or 12 hex digits, the alpha first of 8, as QColor reads them.
std::optional<Rgba> parseHex(std::string_view hex) {
    const size_t n = hex.size();
    const size_t width = n == 3 ? 1 : n == 6 || n == 8 ? 2 : n == 9 ? 3 : n == 12 ? 4 : 0;
    if (width == 0) return std::nullopt;
    const size_t first = n == 8 ? 2 : 0;
    std::array<int, 4> channels{0, 0, 0, 255};
    for (size_t c = 0; c < 3; ++c) {
        const auto value = hexValue(hex, first + c * width, width);
        if (!value) return std::nullopt;
        channels[c] = eightBits(sixteenBits(*value, width));
    }
    if (n == 8) {
        const auto value = hexValue(hex, 0, 2);
        if (!value) return std::nullopt;
        channels[3] = *value;
    }
    return Rgba{channels[0], channels[1], channels[2], channels[3]};
}

}  // namespace

std::optional<Rgba> parseColour(std::string_view name) {
    if (!name.empty() && name.front() == '#') return parseHex(name.substr(1));
    std::string key;
    for (const char c : name)
        if (c != ' ') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto found = std::lower_bound(
        std::begin(kNamed), std::end(kNamed), key,
        [](const NamedColour& named, const std::string& wanted) { return named.name < wanted; });
    if (found == std::end(kNamed) || found->name != key) return std::nullopt;
    return Rgba{found->red, found->green, found->blue, key == "transparent" ? 0 : 255};
}

std::string cssColour(std::string_view name) {
    const Rgba colour = parseColour(name).value_or(Rgba{});
    char alpha[32];
    const char* end = numberToChars(alpha, alpha + sizeof alpha, colour.alpha / 255.0).ptr;
    return "rgba(" + std::to_string(colour.red) + ", " + std::to_string(colour.green) + ", " +
           std::to_string(colour.blue) + ", " + std::string(static_cast<const char*>(alpha), end) +
           ")";
}

}  // namespace mv
