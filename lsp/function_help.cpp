#include "lsp/function_help.h"

#include "core/analysis/reserved_names.h"

namespace mv::lsp {

namespace {

struct Help {
    std::string_view name;
    std::vector<std::string_view> arguments;
    std::string_view documentation;
};

const std::vector<Help>& helps() {
    static const std::vector<Help> table = {
        {"sqrt", {"s"}, "The square root of s."},
        {"sin", {"a"}, "The sine of the angle a (radians; write 30° for degrees)."},
        {"cos", {"a"}, "The cosine of the angle a (radians; write 30° for degrees)."},
        {"tan", {"a"}, "The tangent of the angle a (radians; write 30° for degrees)."},
        {"asin", {"s"}, "The angle whose sine is s, in radians."},
        {"acos", {"s"}, "The angle whose cosine is s, in radians."},
        {"atan2", {"y", "x"}, "The direction of [x, y] from the +x axis, in radians (−π, π]."},
        {"abs", {"s"}, "The absolute value of s."},
        {"min", {"a", "b"}, "The smaller of a and b."},
        {"max", {"a", "b"}, "The larger of a and b."},
        {"clamp", {"v", "lo", "hi"}, "v limited to lo … hi."},
        {"lerp", {"a", "b", "s"}, "a + (b − a)·s: a at s = 0, b at s = 1; a and b of one type."},
        {"ease", {"s"}, "Runs smoothly from 0 to 1 for s in 0 … 1, clamped outside."},
        {"length", {"v"}, "The length of the vector v."},
        {"angle", {"v"}, "The direction of v from the +x axis, in radians."},
        {"angle", {"v", "w"}, "The signed angle from v to w, in radians."},
        {"dot", {"v", "w"}, "The dot product v.x·w.x + v.y·w.y."},
        {"cross", {"v", "w"}, "The cross product v.x·w.y − v.y·w.x, a scalar."},
        {"vel",
         {"Thing.Anchor"},
         "The anchor's exact velocity; in the properties of elements and interactions only."},
        {"acc",
         {"Thing.Anchor"},
         "The anchor's exact acceleration; in the properties of elements and interactions only."},
    };
    return table;
}

const char* typeName(ArgumentType type) {
    switch (type) {
        case ArgumentType::Scalar:
            return "scalar";
        case ArgumentType::Vector:
            return "vector";
        case ArgumentType::Same:
            return "T";
    }
    return "T";
}

}  // namespace

std::vector<FunctionForm> functionForms(std::string_view name) {
    std::vector<FunctionForm> forms;
    for (const Help& help : helps()) {
        const FunctionSignature* signature = findFunction(name, help.arguments.size());
        if (help.name != name || !signature) continue;
        FunctionForm form;
        form.label = std::string(name) + "(";
        for (size_t i = 0; i < help.arguments.size(); ++i) {
            if (i > 0) form.label += ", ";
            const size_t begin = form.label.size();
            form.label += std::string(help.arguments[i]) + ": " + typeName(signature->arguments[i]);
            form.parameters.emplace_back(begin, form.label.size());
        }
        form.label += std::string(") \u2192 ") + typeName(signature->result);
        form.documentation = help.documentation;
        if (form.label.find(": T") != std::string::npos)
            form.documentation += " (T: both scalars or both vectors)";
        forms.push_back(std::move(form));
    }
    return forms;
}

}  // namespace mv::lsp
