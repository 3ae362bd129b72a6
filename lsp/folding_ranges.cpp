#include "lsp/folding_ranges.h"

#include <cstdint>

#include "core/text/lexer.h"

namespace mv::lsp {

namespace {

class Folds {
public:
    explicit Folds(const SourceText& source) : m_source(source) {}

    // A fold from the line of `begin` to the line of `end` (a byte offset inside the last line),
    // when they differ.
    void add(uint32_t begin, uint32_t end, const char* kind = nullptr) {
        const int first = line(begin), last = line(end);
        if (last <= first) return;
        Json fold = {{"startLine", first}, {"endLine", last}};
        if (kind) fold["kind"] = kind;
        m_folds.push_back(std::move(fold));
    }
    int line(uint32_t offset) const { return m_source.location(offset).line - 1; }
    Json take() { return std::move(m_folds); }

private:
    const SourceText& m_source;
    Json m_folds = Json::array();
};

constexpr size_t kNone = SIZE_MAX;  // no step or definition open (GCC 12 warns on optional here)

void foldStatements(const std::vector<Token>& tokens, Folds& folds) {
    const auto endOf = [&](size_t last) { return tokens[last].range.end - 1; };
    size_t marker = kNone, definition = kNone;        // where the open step or definition begins
    for (size_t i = 0; i + 1 < tokens.size(); ++i) {  // the last is EndOfFile
        const Token& token = tokens[i];
        if (token.kind == TokenKind::At) {
            if (marker != kNone) folds.add(tokens[marker].range.begin, endOf(i - 1));
            marker = i;
            definition = kNone;
        } else if (marker == kNone && definition == kNone && token.kind == TokenKind::Identifier &&
                   tokens[i + 1].kind == TokenKind::Colon) {
            definition = i;
        } else if (definition != kNone && token.kind == TokenKind::Semicolon) {
            folds.add(tokens[definition].range.begin, token.range.begin);
            definition = kNone;
        }
    }
    if (marker != kNone) folds.add(tokens[marker].range.begin, endOf(tokens.size() - 2));
}

void foldComments(const SourceText& source, const std::vector<Token>& tokens, Folds& folds) {
    SourceRange run;  // `//` comments on consecutive lines so far, when `inRun`
    bool inRun = false;
    const auto closeRun = [&] {
        if (inRun) folds.add(run.begin, run.end - 1, "comment");
        inRun = false;
    };
    for (const SourceRange& comment : commentsBetween(source, tokens)) {
        if (source.slice(comment).substr(0, 2) == "/*") {
            closeRun();
            folds.add(comment.begin, comment.end - 1, "comment");
        } else if (inRun && folds.line(comment.begin) == folds.line(run.end - 1) + 1) {
            run.end = comment.end;
        } else {
            closeRun();
            run = comment;
            inRun = true;
        }
    }
    closeRun();
}

}  // namespace

Json foldingRanges(const Document& document) {
    const SourceText& source = *document.source;
    Diagnostics ignored;
    const std::vector<Token> tokens = lex(source, ignored);
    Folds folds(source);
    foldStatements(tokens, folds);
    foldComments(source, tokens, folds);
    return folds.take();
}

}  // namespace mv::lsp
