#include "lsp/signature_help.h"

#include "core/analysis/reserved_names.h"
#include "core/text/lexer.h"
#include "lsp/function_help.h"

namespace mv::lsp {

namespace {

struct Call {
    std::string function;  // "clamp", or "rotate" for the method
    size_t argument = 0;   // the one the cursor is in
};

// The innermost call the end of `text` is inside: back from the end, counting commas at the
// call's own level, to an unmatched `(` after a function's name. A `(` or `[` of a grouping or a
// vector is stepped out of; a `;` or `@` ends the search.
std::optional<Call> callAround(std::string_view text) {
    const SourceText source("signature", std::string(text));
    Diagnostics ignored;
    std::vector<Token> tokens = lex(source, ignored);
    tokens.pop_back();  // EndOfFile
    size_t depth = 0, commas = 0;
    for (size_t i = tokens.size(); i-- > 0;) {
        const TokenKind kind = tokens[i].kind;
        if (kind == TokenKind::Semicolon || kind == TokenKind::At) return std::nullopt;
        if (kind == TokenKind::RightParen || kind == TokenKind::RightBracket) ++depth;
        if (kind == TokenKind::Comma && depth == 0) ++commas;
        if (kind != TokenKind::LeftParen && kind != TokenKind::LeftBracket) continue;
        if (depth > 0) {
            --depth;
            continue;
        }
        const bool named =
            kind == TokenKind::LeftParen && i > 0 && tokens[i - 1].kind == TokenKind::Identifier;
        const std::string name = named ? std::string(source.slice(tokens[i - 1].range)) : "";
        const bool method = named && i > 1 && tokens[i - 2].kind == TokenKind::Dot;
        if (method && (name == "rotate" || name == "r")) return Call{"rotate", commas};
        if (named && !method && isFunctionName(name)) return Call{name, commas};
        commas = 0;  // a grouping or a vector: its commas are not the call's
    }
    return std::nullopt;
}

Json rotateSignature() {
    const std::string label = "v.rotate(a: scalar) \u2192 vector";
    return {{"label", label},
            {"documentation",
             "v turned counter-clockwise by the angle a (radians; write 30° "
             "for degrees); .r(a) is the same."},
            {"parameters", Json::array({{{"label", {9, 18}}}})}};
}

}  // namespace

Json signatureHelp(const Document& document, Position position, PositionEncoding encoding) {
    const ClientPositions positions(document.source->text(), encoding);
    const uint32_t offset = positions.offset(position);
    const auto call = callAround(std::string_view(document.source->text()).substr(0, offset));
    if (!call) return nullptr;
    Json signatures = Json::array();
    if (call->function == "rotate") signatures.push_back(rotateSignature());
    // The first form that takes an argument where the cursor is.
    std::optional<size_t> active;
    for (const FunctionForm& form : functionForms(call->function)) {
        Json parameters = Json::array();
        for (const auto& [begin, end] : form.parameters)
            parameters.push_back({{"label", {begin, end}}});
        if (!active && form.parameters.size() > call->argument) active = signatures.size();
        signatures.push_back({{"label", form.label},
                              {"documentation", form.documentation},
                              {"parameters", parameters}});
    }
    if (signatures.empty()) return nullptr;
    return {{"signatures", signatures},
            {"activeSignature", active.value_or(0)},
            {"activeParameter", call->argument}};
}

}  // namespace mv::lsp
