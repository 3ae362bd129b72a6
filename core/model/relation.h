#pragma once
// How the two sides of a constraint relate. The syntax tree and the script model share this one
// enum, so a constraint keeps the relation the user wrote all the way to the solver.

namespace mv {

enum class Relation { Equal, Less, LessEqual, Greater, GreaterEqual };

// "=", "<", "<=", ">", ">=" as written in a script.
constexpr const char* relationSpelling(Relation relation) {
    switch (relation) {
        case Relation::Equal:
            return "=";
        case Relation::Less:
            return "<";
        case Relation::LessEqual:
            return "<=";
        case Relation::Greater:
            return ">";
        case Relation::GreaterEqual:
            return ">=";
    }
    return "=";
}

}  // namespace mv
