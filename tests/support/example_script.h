#pragma once
// The language's examples (docs/reference.md, docs/language.md) live once, as files under
// tests/language/examples/ (where the language tests also check them); parser, analyzer and fuzz
// tests and the benchmarks read them from there instead of pasting their text.

#include <fstream>
#include <sstream>
#include <string>

inline std::string readExampleScript(const std::string& name) {
    std::ifstream in(std::string(MOVIMENTUM_SOURCE_DIR) + "/tests/language/examples/" + name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}
