#include "core/text/script_format.h"

#include <algorithm>
#include <vector>

#include "core/text/ast.h"
#include "core/text/lexer.h"
#include "core/text/parser.h"
#include "core/text/utf8.h"

namespace mv {

namespace {

constexpr size_t kTabStop = 4;

bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

struct Lexed {
    std::vector<Token> tokens;
    ast::Script tree;
    std::vector<SourceRange> comments;
    bool syntaxErrors = false;
};

Lexed lexAndParse(const SourceText& source) {
    Lexed lexed;
    Diagnostics diagnostics;
    lexed.tokens = lex(source, diagnostics);
    lexed.tree = parse(source, lexed.tokens, diagnostics);
    lexed.syntaxErrors = diagnostics.hasErrors();
    lexed.comments = commentsBetween(source, lexed.tokens);
    return lexed;
}

bool inside(const std::vector<SourceRange>& ranges, size_t offset) {
    return std::any_of(ranges.begin(), ranges.end(),
                       [&](SourceRange r) { return r.begin <= offset && offset < r.end; });
}

// `\r\n` becomes `\n`, and tabs outside comments and strings become spaces.
std::string normalizedBlanks(std::string_view text, const Lexed& lexed) {
    std::vector<SourceRange> verbatim = lexed.comments;
    for (const Token& token : lexed.tokens)
        if (token.kind == TokenKind::String) verbatim.push_back(token.range);
    std::string out;
    size_t column = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
        if (c == '\t' && !inside(verbatim, i)) {
            const size_t spaces = kTabStop - column % kTabStop;
            out.append(spaces, ' ');
            column += spaces;
            continue;
        }
        out += c;
        column = c == '\n' ? 0 : column + ((static_cast<unsigned char>(c) & 0xC0) != 0x80);
    }
    return out;
}

size_t codePoints(std::string_view text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

std::string_view trimmed(std::string_view line) {
    while (!line.empty() && isBlank(line.front())) line.remove_prefix(1);
    while (!line.empty() && isBlank(line.back())) line.remove_suffix(1);
    return line;
}

// Where each line of a script begins a definition, a marker or a statement, or continues one,
// and so at which column it starts.
class LineLayout {
public:
    LineLayout(std::string_view text, const Lexed& lexed) : m_text(text), m_lexed(lexed) {
        for (const ast::Step& step : lexed.tree.steps)
            m_stepColumn = std::max(m_stepColumn, codePoints(slice(step.markerRange)) + 2);
    }

    std::string render(size_t lineBegin, std::string_view line) const {
        const std::string_view content = trimmed(line);
        if (content.empty()) return {};
        const size_t first = lineBegin + static_cast<size_t>(content.data() - line.data());
        // Inside a comment that began on an earlier line: as written.
        for (const SourceRange& c : m_lexed.comments)
            if (c.begin < lineBegin && lineBegin < c.end) return std::string(rightTrimmed(line));
        if (const ast::Step* step = markerAt(first)) return markerLine(*step, content);
        return std::string(indentAt(first), ' ') + std::string(content);
    }

private:
    std::string_view slice(SourceRange r) const { return m_text.substr(r.begin, r.length()); }

    static std::string_view rightTrimmed(std::string_view line) {
        while (!line.empty() && isBlank(line.back())) line.remove_suffix(1);
        return line;
    }

    const ast::Step* markerAt(size_t offset) const {
        for (const ast::Step& step : m_lexed.tree.steps)
            if (step.markerRange.begin == offset) return &step;
        return nullptr;
    }

    // The marker at column 1, what follows it at the statements' column.
    std::string markerLine(const ast::Step& step, std::string_view content) const {
        const std::string marker(slice(step.markerRange));
        const std::string_view rest = trimmed(content.substr(step.markerRange.length()));
        if (rest.empty()) return marker;
        const size_t pad = std::max<size_t>(1, m_stepColumn - codePoints(marker));
        return marker + std::string(pad, ' ') + std::string(rest);
    }

    // Where a line whose first token or comment starts at `offset` begins.
    size_t indentAt(size_t offset) const {
        const ast::Script& tree = m_lexed.tree;
        for (const auto* list : {&tree.definitions, &tree.misplacedDefinitions})
            for (const ast::Definition& d : *list)
                if (d.range.begin <= offset && offset < d.range.end)
                    return offset == d.range.begin ? 0 : propertyColumn(d);
        if (tree.config && tree.config->range.begin <= offset && offset < tree.config->range.end)
            return offset == tree.config->range.begin ? 0 : configColumn(*tree.config);
        const auto& steps = tree.steps;
        if (!steps.empty() && offset > steps.front().markerRange.begin) return m_stepColumn;
        return 0;
    }

    // The column of a definition's first property on the definition's first line (the kind's
    // end and a space when the properties start on a later line).
    size_t propertyColumn(const ast::Definition& d) const {
        const size_t begin = d.range.begin;
        if (!d.properties.empty()) {
            const size_t property = d.properties.front().range.begin;
            const std::string_view between = m_text.substr(begin, property - begin);
            if (between.find('\n') == std::string_view::npos) return codePoints(between);
        }
        return codePoints(m_text.substr(begin, d.kindRange.end - begin)) + 1;
    }

    size_t configColumn(const ast::Config& config) const {
        const std::string_view text = slice(config.range);
        const size_t open = text.find('(');
        return open == std::string_view::npos ? 0 : codePoints(text.substr(0, open + 1));
    }

    std::string_view m_text;
    const Lexed& m_lexed;
    size_t m_stepColumn = 0;
};

}  // namespace

std::optional<std::string> formatScript(const SourceText& source) {
    const Lexed first = lexAndParse(source);
    if (first.syntaxErrors) return std::nullopt;
    const SourceText normalized(source.name(), normalizedBlanks(source.text(), first));
    const Lexed lexed = lexAndParse(normalized);
    if (lexed.syntaxErrors) return std::nullopt;
    const std::string& text = normalized.text();
    const LineLayout layout(text, lexed);
    std::string out;
    bool blankBefore = true;  // no blank lines at the start
    for (size_t begin = 0; begin <= text.size();) {
        size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        const std::string line =
            layout.render(begin, std::string_view(text).substr(begin, end - begin));
        if (line.empty()) {
            if (!blankBefore) out += '\n';
            blankBefore = true;
        } else {
            out += line;
            out += '\n';
            blankBefore = false;
        }
        begin = end + 1;
    }
    while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n')
        out.pop_back();
    if (out == "\n") out.clear();
    return out;
}

}  // namespace mv
