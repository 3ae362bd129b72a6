#pragma once
// What the built-in functions (docs/reference.md#expressions-and-types) take and do, in words,
// for signature help, hover and completion: the argument names the reference uses
// (`clamp(v, lo, hi)`, `atan2(y, x)`) with their types from the analyzer's own table
// (core/analysis/reserved_names.h), and one line on what each computes.

#include <string>
#include <string_view>
#include <vector>

namespace mv::lsp {

struct FunctionForm {
    std::string label;  // "clamp(v: scalar, lo: scalar, hi: scalar) → scalar"
    std::vector<std::pair<size_t, size_t>> parameters;  // each argument's [begin, end) in label
    std::string documentation;
};

// Every form `name` takes (angle has two), none for a name that is no function.
std::vector<FunctionForm> functionForms(std::string_view name);

}  // namespace mv::lsp
