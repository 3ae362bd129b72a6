#include "lsp/keyword_hover.h"

#include <cstdio>

#include "core/editing/completion_candidates.h"
#include "core/text/lexer.h"

namespace mv::lsp {

namespace {

constexpr const char* kDegrees =
    " \u2014 degrees: `30\u00b0` (or `30 deg`) is 30 \u00b7 \u03c0/180; angles are radians "
    "everywhere else (docs/reference.md#expressions-and-types)";

struct KindHelp {
    std::string_view word;
    std::string_view what;
};

constexpr KindHelp kKinds[] = {
    {"bar", "a thing drawn as a line through its anchors (docs/reference.md#things-and-anchors)"},
    {"pendulum",
     "an element swinging about its pivot: states theta (radians from the downward vertical) "
     "and theta_d1 (docs/reference.md#elements-and-interactions)"},
    {"point",
     "an element moving freely: states x and x_d1 "
     "(docs/reference.md#elements-and-interactions)"},
    {"swing",
     "an interaction: gravity swings a pendulum "
     "(docs/reference.md#elements-and-interactions)"},
    {"gravity",
     "an interaction: a uniform acceleration on a point; without a target, the machine's gravity "
     "on every mass (docs/reference.md#masses-and-forces)"},
    {"reflection", "an interaction: a wall the target bounces off (docs/reference.md#walls)"},
    {"mass", "a mass on a thing, for the forces (docs/reference.md#masses-and-forces)"},
};

struct MemberHelp {
    std::string_view name;
    std::string_view what;
};

constexpr MemberHelp kMembers[] = {
    {"x", "the vector's x component"},
    {"y", "the vector's y component"},
    {"length", "the vector's length (`.l` for short)"},
    {"l", "the vector's length (`.length`)"},
    {"angle", "the vector's direction from the +x axis, in radians (`.a` for short)"},
    {"a", "the vector's direction from the +x axis, in radians (`.angle`)"},
};

std::string list(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

}  // namespace

std::string kindHelp(std::string_view word) {
    for (const KindHelp& kind : kKinds) {
        if (kind.word != word) continue;
        const std::vector<std::string> properties = definitionProperties(word);
        std::string text = "**." + std::string(word) + "** \u2014 " + std::string(kind.what);
        if (!properties.empty()) text += "\n\nproperties: " + list(properties);
        return text;
    }
    return {};
}

namespace {

std::string configText(const Config& config) {
    char values[96];
    std::snprintf(values, sizeof values, "%g fps, a canvas of %g \u00d7 %g", config.fps,
                  config.width, config.height);
    return "**.config(fps, width, height)** \u2014 frames per second and the canvas's size in "
           "units, first in the script (docs/reference.md#structure-of-a-script)\n\nthis script: " +
           std::string(values);
}

}  // namespace

std::optional<std::string> keywordHover(const SourceText& source, const Script& model,
                                        uint32_t offset) {
    Diagnostics ignored;
    const std::vector<Token> tokens = lex(source, ignored);
    const auto is = [&](size_t i, TokenKind kind) {
        return i < tokens.size() && tokens[i].kind == kind;
    };
    for (size_t i = 0; i < tokens.size(); ++i) {
        const SourceRange range = tokens[i].range;
        if (offset < range.begin || offset > range.end || range.length() == 0) continue;
        const std::string word(source.slice(range));
        if (is(i, TokenKind::Degree) || word == "deg") return "**" + word + "**" + kDegrees;
        if (!is(i, TokenKind::Identifier) || i == 0 || !is(i - 1, TokenKind::Dot)) continue;
        if (i >= 2 && is(i - 2, TokenKind::Colon)) {
            if (std::string text = kindHelp(word); !text.empty()) return text;
        }
        if (word == "config" && (i < 2 || is(i - 2, TokenKind::Semicolon)))
            return configText(model.config);
        if ((word == "rotate" || word == "r") && is(i + 1, TokenKind::LeftParen))
            return "**." + word +
                   "(a)** \u2014 the vector turned counter-clockwise by the angle a, in radians "
                   "(docs/reference.md#expressions-and-types)";
        for (const MemberHelp& member : kMembers)
            if (member.name == word) return "**." + word + "** \u2014 " + std::string(member.what);
    }
    return std::nullopt;
}

}  // namespace mv::lsp
