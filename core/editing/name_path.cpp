#include "core/editing/name_path.h"

namespace mv {

namespace {

bool isNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The start of the name that ends at `end` (== end when there is none).
size_t nameStart(std::string_view line, size_t end) {
    size_t begin = end;
    while (begin > 0 && isNameChar(line[begin - 1])) --begin;
    return begin;
}

bool isName(std::string_view line, size_t begin, size_t end) {
    return begin < end && !(line[begin] >= '0' && line[begin] <= '9');
}

}  // namespace

std::pair<size_t, size_t> nameSpanAt(std::string_view line, size_t column) {
    if (column > line.size()) return {0, 0};
    size_t end = column;
    while (end < line.size() && isNameChar(line[end])) ++end;
    const size_t begin = nameStart(line, end);
    if (!isName(line, begin, end)) return {column, column};
    return {begin, end};
}

std::vector<std::string> namePathAt(std::string_view line, size_t column) {
    auto [begin, end] = nameSpanAt(line, column);
    if (begin == end) return {};
    std::vector<std::string> path{std::string(line.substr(begin, end - begin))};
    while (begin >= 2 && line[begin - 1] == '.') {
        const size_t before = nameStart(line, begin - 1);
        if (!isName(line, before, begin - 1)) break;
        path.insert(path.begin(), std::string(line.substr(before, begin - 1 - before)));
        begin = before;
    }
    return path;
}

}  // namespace mv
