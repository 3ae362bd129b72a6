#include "lsp/references.h"

#include "lsp/symbol_occurrences.h"

namespace mv::lsp {

namespace {

enum HighlightKind { kRead = 2, kWrite = 3 };

// The occurrences of what the cursor names, or none.
std::vector<Occurrence> occurrencesAt(const Document& document, const ClientPositions& positions,
                                      Position position) {
    if (!document.model) return {};
    const SymbolOccurrences occurrences(*document.source, *document.model);
    const auto symbol = occurrences.symbolAt(positions.offset(position));
    return symbol ? occurrences.of(*symbol) : std::vector<Occurrence>{};
}

}  // namespace

Json references(const Document& document, Position position, bool withDeclaration,
                PositionEncoding encoding) {
    const ClientPositions positions(document.source->text(), encoding);
    Json locations = Json::array();
    for (const Occurrence& occurrence : occurrencesAt(document, positions, position))
        if (withDeclaration || !occurrence.declaration)
            locations.push_back(
                {{"uri", document.uri}, {"range", rangeJson(positions, occurrence.range)}});
    return locations;
}

Json documentHighlights(const Document& document, Position position, PositionEncoding encoding) {
    const ClientPositions positions(document.source->text(), encoding);
    Json highlights = Json::array();
    for (const Occurrence& occurrence : occurrencesAt(document, positions, position))
        highlights.push_back({{"range", rangeJson(positions, occurrence.range)},
                              {"kind", occurrence.declaration ? kWrite : kRead}});
    return highlights;
}

}  // namespace mv::lsp
