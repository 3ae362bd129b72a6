#pragma once
// The syntax tree the parser builds: what the user wrote, with a source range on every node, before
// any name is resolved. The parser is context-free: `Crank.Q`, `Ball.x.x` and `v.length` are all
// Member nodes; the analyzer decides which are anchors, element states or vector members.
// The parser always returns a tree, with Error nodes where the text made no sense.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/model/relation.h"
#include "core/text/source_text.h"

namespace mv::ast {

enum class ExprKind {
    Number,    // number
    String,    // text (without quotes) — only valid as a property value
    Name,      // identifier: a variable, a thing, an element, or a reserved name (t, T, iv, pi)
    DontCare,  // `_`
    Vector,    // [args[0], args[1]]
    Unary,     // op args[0]; op is Minus or Degree (postfix ° / deg)
    Binary,    // args[0] op args[1]
    Compare,   // args[0] op args[1] with op one of the comparisons (only inside property values)
    Member,    // args[0] . name             e.g. Crank.Q, v.x, Ball.x_d1
    Method,    // args[0] . name ( args[1..] ) e.g. v.rotate(a), v.r(a)
    Call,      // name ( args... )             e.g. sin(x), atan2(y, x)
    Error,     // where the parser could not make sense of the text
};

enum class Op {
    None,
    Plus,
    Minus,
    Times,
    Divide,
    Power,
    Degree,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Equal
};

struct Expr {
    ExprKind kind = ExprKind::Error;
    Op op = Op::None;
    SourceRange range;      // the whole expression
    SourceRange nameRange;  // Name, Member, Method, Call: just the identifier
    double number = 0;      // Number
    std::string text;       // Name, Member, Method, Call: the identifier; String: its content
    std::vector<std::unique_ptr<Expr>> args;
};
using ExprPtr = std::unique_ptr<Expr>;

// `name = value` inside a definition: an anchor (`Q = P+[1,0]`) of a thing, or a parameter of a
// bar (`color = 'orange'`), an element (`theta = 0.5`) or an interaction (`guard = Ball.x.x - 1`).
struct Property {
    std::string name;
    SourceRange nameRange;
    ExprPtr value;
    SourceRange range;
};

enum class DefinitionKind {
    Image,
    Bar,
    Pendulum,
    Point,
    Swing,
    Gravity,
    Reflection,
    Mass,
    Unknown
};

// `Name : 'file.png' props;` or `Name : .kind props;`
struct Definition {
    std::string name;
    SourceRange nameRange;
    DefinitionKind kind = DefinitionKind::Unknown;
    SourceRange kindRange;  // the string literal or the `.word`
    std::string imageFile;  // Image: the file name as written
    std::vector<Property> properties;
    SourceRange range;
};

// `.config(fps, width, height);`
struct Config {
    ExprPtr fps, width, height;
    SourceRange range;
};

using Relation = mv::Relation;

// `[label:] lhs rel rhs;`
struct Constraint {
    std::optional<std::string> label;
    SourceRange labelRange;
    ExprPtr lhs;
    Relation relation = Relation::Equal;
    SourceRange relationRange;
    ExprPtr rhs;
    SourceRange range;  // from the label (or lhs) to the end of rhs, without the `;`
};

// `Element.state := value;`
struct Reset {
    ExprPtr target;
    ExprPtr value;
    SourceRange range;
};

struct Statement {
    enum class Kind { Constraint, Reset } kind = Kind::Constraint;
    Constraint constraint;  // kind == Constraint
    Reset reset;            // kind == Reset
};

// `@ time` or `@+ time`, followed by the statements of its step.
struct Step {
    double time = 0;  // as written; relative if `relative`
    bool relative = false;
    SourceRange markerRange;  // `@`, the optional `+` and the number
    std::vector<Statement> statements;
};

struct Script {
    std::optional<Config> config;
    std::vector<Definition> definitions;
    // Definitions that appeared after the first marker; the parser reports them and keeps them here
    // so the editor can still highlight them.
    std::vector<Definition> misplacedDefinitions;
    std::vector<Step> steps;
};

}  // namespace mv::ast
