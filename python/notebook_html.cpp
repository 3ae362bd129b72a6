#include "notebook_html.h"

#include <cmath>

namespace mv::python {

namespace {

// The player's buttons and timeline under the canvas, and the page's margins (resources/player/).
constexpr int kControlsHeight = 120;
constexpr int kMargins = 24;

// The page as an attribute value: only `&` and `"` need escaping inside double quotes.
std::string attributeValue(const std::string& text) {
    std::string escaped;
    escaped.reserve(text.size() + text.size() / 16);
    for (const char c : text) {
        if (c == '&')
            escaped += "&amp;";
        else if (c == '"')
            escaped += "&quot;";
        else
            escaped += c;
    }
    return escaped;
}

}  // namespace

std::string notebookFrame(const std::string& page, double width, double height) {
    const long w = std::lround(width) + kMargins, h = std::lround(height) + kControlsHeight;
    return "<iframe srcdoc=\"" + attributeValue(page) + "\" width=\"" + std::to_string(w) +
           "\" height=\"" + std::to_string(h) +
           "\" style=\"border: none; max-width: 100%;\" allow=\"fullscreen\"></iframe>";
}

}  // namespace mv::python
