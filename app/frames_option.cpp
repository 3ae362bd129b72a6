#include "app/frames_option.h"

namespace mv::app {

namespace {

std::optional<int> parseCount(const std::string& text) {
    if (text.empty() || text.size() > 9 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoi(text);
}

}  // namespace

std::optional<FrameRange> parseFrameRange(const std::string& text) {
    const size_t colon = text.find(':');
    if (colon == std::string::npos) {
        const auto only = parseCount(text);
        if (!only) return std::nullopt;
        return FrameRange{*only, *only};
    }
    const std::string a = text.substr(0, colon), b = text.substr(colon + 1);
    FrameRange range = FrameRange::from(0);
    if (!a.empty()) {
        const auto first = parseCount(a);
        if (!first) return std::nullopt;
        range.first = *first;
    }
    if (!b.empty()) {
        const auto last = parseCount(b);
        if (!last || *last < range.first) return std::nullopt;
        range.last = *last;
    }
    return range;
}

}  // namespace mv::app
