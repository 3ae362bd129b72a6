#include "lsp/json_precheck.h"

#include <algorithm>
#include <optional>

namespace mv::lsp {

namespace {

// The code unit of the `\uXXXX` escape at `at`, if one is there.
std::optional<unsigned> escapedUnit(std::string_view text, size_t at) {
    if (at + 6 > text.size() || text[at] != '\\' || text[at + 1] != 'u') return std::nullopt;
    unsigned unit = 0;
    for (size_t i = at + 2; i < at + 6; ++i) {
        const char c = text[i];
        const int digit = c >= '0' && c <= '9'   ? c - '0'
                          : c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : -1;
        if (digit < 0) return std::nullopt;
        unit = unit * 16 + static_cast<unsigned>(digit);
    }
    return unit;
}

bool isHigh(std::optional<unsigned> unit) {
    return unit && *unit >= 0xD800 && *unit <= 0xDBFF;
}
bool isLow(std::optional<unsigned> unit) {
    return unit && *unit >= 0xDC00 && *unit <= 0xDFFF;
}

}  // namespace

size_t jsonDepth(std::string_view text, size_t limit) {
    size_t depth = 0, deepest = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size() && deepest <= limit; ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;  // the escaped character cannot end the string
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

std::string withoutLoneSurrogates(std::string text) {
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        if (!inString) {
            inString = text[i] == '"';
            continue;
        }
        if (text[i] == '"') {
            inString = false;
            continue;
        }
        if (text[i] != '\\') continue;
        const std::optional<unsigned> unit = escapedUnit(text, i);
        if (isHigh(unit) && isLow(escapedUnit(text, i + 6))) {
            i += 11;  // a pair: both escapes stay
        } else if (isHigh(unit) || isLow(unit)) {
            text.replace(i, 6, "\\uFFFD");
            i += 5;
        } else {
            ++i;  // `\"`, `\\` or another escape: its second character is not the end
        }
    }
    return text;
}

}  // namespace mv::lsp
