#include "lsp/rename.h"

#include <cctype>

#include "core/analysis/reserved_names.h"
#include "lsp/symbol_occurrences.h"

namespace mv::lsp {

namespace {

using Kind = ScriptSymbol::Kind;

bool isName(const std::string& name) {
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) return false;
    for (const char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
}

// Why `newName` cannot replace `symbol`'s name, or empty when it can.
std::string clash(const Script& model, const SymbolOccurrences& occurrences,
                  const ScriptSymbol& symbol, const std::string& newName) {
    if (!isName(newName)) return "'" + newName + "' is not a name";
    if (isReservedName(newName)) return newName + " is a reserved name";
    if (symbol.kind == Kind::Anchor) {
        const Thing& thing = model.things[size_t(model.thingIndex(symbol.owner))];
        return thing.anchorIndex(newName) >= 0
                   ? symbol.owner + " has an anchor " + newName + " already"
                   : "";
    }
    if (symbol.kind == Kind::Label)
        return occurrences.of({Kind::Label, {}, newName}).empty()
                   ? ""
                   : "the label " + newName + " is used already";
    const bool taken = model.thingIndex(newName) >= 0 || model.elementIndex(newName) >= 0 ||
                       model.interactionIndex(newName) >= 0 || model.massIndex(newName) >= 0 ||
                       model.gravity.name == newName || model.variableIndex(newName) >= 0;
    return taken ? newName + " is used already" : "";
}

}  // namespace

Json prepareRename(const Document& document, Position position, PositionEncoding encoding) {
    if (!document.model) return nullptr;
    const ClientPositions positions(document.source->text(), encoding);
    const SymbolOccurrences occurrences(*document.source, *document.model);
    const uint32_t offset = positions.offset(position);
    const auto symbol = occurrences.symbolAt(offset);
    if (!symbol || symbol->kind == Kind::State) return nullptr;
    return {{"range", rangeJson(positions, *occurrences.rangeAt(offset))},
            {"placeholder", symbol->name}};
}

Json rename(const Document& document, Position position, const std::string& newName,
            PositionEncoding encoding) {
    const ClientPositions positions(document.source->text(), encoding);
    if (!document.model) throw ProtocolError(kInvalidParams, "nothing to rename here");
    const SymbolOccurrences occurrences(*document.source, *document.model);
    const auto symbol = occurrences.symbolAt(positions.offset(position));
    if (!symbol) throw ProtocolError(kInvalidParams, "nothing to rename here");
    if (symbol->kind == Kind::State)
        throw ProtocolError(kInvalidParams, symbol->name + " is a state or parameter of the " +
                                                "language; it keeps its name");
    if (const std::string why = clash(*document.model, occurrences, *symbol, newName); !why.empty())
        throw ProtocolError(kInvalidParams, why);
    Json edits = Json::array();
    for (const Occurrence& occurrence : occurrences.of(*symbol))
        edits.push_back({{"range", rangeJson(positions, occurrence.range)}, {"newText", newName}});
    return {{"changes", {{document.uri, edits}}}};
}

}  // namespace mv::lsp
