#include "core/diagnostics/name_suggestion.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace mv {

namespace {

char lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

bool sameIgnoringCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [](char x, char y) { return lower(x) == lower(y); });
}

// The optimal string alignment distance (Levenshtein plus the swap of two neighbours), by the
// classic dynamic programme over three rows, or `limit + 1` once it must exceed `limit`: names
// that differ in length by more than the limit are not compared at all, and a row whose smallest
// entry passes it ends the work, so a script with many unknown names and many things stays fast.
size_t editDistance(std::string_view a, std::string_view b, size_t limit) {
    if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > limit) return limit + 1;
    std::vector<size_t> twoBack(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) previous[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        size_t smallest = current[0];
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, replace});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                current[j] = std::min(current[j], twoBack[j - 2] + 1);
            smallest = std::min(smallest, current[j]);
        }
        // A swap reaches two rows back, so both rows must be past the limit.
        if (smallest > limit && *std::min_element(previous.begin(), previous.end()) > limit)
            return limit + 1;
        std::swap(twoBack, previous);
        std::swap(previous, current);
    }
    return previous[b.size()];
}

}  // namespace

std::optional<std::string_view> closestName(std::string_view written,
                                            const std::vector<std::string_view>& candidates) {
    if (std::find(candidates.begin(), candidates.end(), written) != candidates.end())
        return std::nullopt;
    for (std::string_view candidate : candidates)
        if (sameIgnoringCase(candidate, written)) return candidate;
    const size_t allowed = std::min<size_t>(2, written.size() / 2);
    std::optional<std::string_view> best;
    size_t bestDistance = std::numeric_limits<size_t>::max();
    for (std::string_view candidate : candidates) {
        const size_t distance = editDistance(written, candidate, allowed);
        if (distance <= allowed && distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
        }
    }
    return best;
}

DiagnosticMessage suggestName(DiagnosticMessage message, std::string_view written,
                              const std::vector<std::string_view>& candidates) {
    if (const auto name = closestName(written, candidates)) {
        message.suggestion = std::string(*name);
        message.text += "; did you mean '" + message.suggestion + "'?";
    }
    return message;
}

}  // namespace mv
