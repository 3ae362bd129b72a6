#pragma once
// UTF-8 read strictly, one code point at a time. Script text, file names and image names are bytes
// that need not be UTF-8; a reader of JSON or CSV (and a terminal) expects it. Overlong forms,
// surrogates and code points past U+10FFFF count as invalid, as RFC 3629 says.

#include <cstddef>
#include <string>
#include <string_view>

namespace mv {

// One step through UTF-8 text: the code point starting at a position and how many bytes it took.
// An invalid or truncated sequence is a step of one byte with `valid` false.
struct Utf8Step {
    char32_t codePoint = 0;
    size_t length = 1;
    bool valid = false;
};

Utf8Step decodeUtf8(std::string_view text, size_t at);

void appendUtf8(std::string& out, char32_t codePoint);

// `text` with each invalid byte replaced by U+FFFD, the replacement character.
std::string validUtf8(std::string_view text);

}  // namespace mv
