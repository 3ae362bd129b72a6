#pragma once
// Where the names the user gave are used, for references, document highlights and rename: every
// name token of the newest text, classified by what it stands for in that text's model (errors or
// not). A thing, element, interaction, mass or the gravity by its name anywhere; an anchor as
// `Thing.Anchor`, as a property name in its thing's definition and bare inside it (an anchor may
// use the earlier ones); an element's state or parameter as `Element.state` and as a property of
// its definition; a variable by its name in the steps and in element properties; a label by its
// name (a label is a key: the same label in two steps is one key,
// docs/reference.md#keys-and-lifetime). Member names of vectors, functions and reserved names are
// no one's and are left out.

#include <optional>
#include <string>
#include <vector>

#include "core/model/script.h"
#include "core/text/source_text.h"

namespace mv::lsp {

struct ScriptSymbol {
    enum class Kind { Thing, Anchor, Element, State, Interaction, Mass, Gravity, Variable, Label };
    Kind kind = Kind::Thing;
    std::string owner;  // an anchor's thing, a state's element; empty for the rest
    std::string name;
    friend bool operator==(const ScriptSymbol&, const ScriptSymbol&) = default;
};

struct Occurrence {
    SourceRange range;         // the name token
    bool declaration = false;  // where it is defined (a label: every place it is written)
};

class SymbolOccurrences {
public:
    // Lexes `source` once and classifies each name by `model`, the model of that very text.
    SymbolOccurrences(const SourceText& source, const Script& model);

    // The symbol whose name holds byte `offset` (or ends at it), if any.
    std::optional<ScriptSymbol> symbolAt(uint32_t offset) const;
    // The range of that name.
    std::optional<SourceRange> rangeAt(uint32_t offset) const;
    // Every occurrence of `symbol`, in text order.
    std::vector<Occurrence> of(const ScriptSymbol& symbol) const;

private:
    struct Named {
        Occurrence occurrence;
        ScriptSymbol symbol;
    };
    const Named* namedAt(uint32_t offset) const;

    std::vector<Named> m_named;  // in text order
};

}  // namespace mv::lsp
