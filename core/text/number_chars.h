#pragma once

// Doubles to and from text as std::to_chars and std::from_chars do: the shortest text that reads
// back as the same double, and decimal text read without locale or allocation. Why a header of its
// own: emscripten 3.1.6's libc++ 13 (scripts/web.sh, the solver in WebAssembly) has these two only
// for integers. Where the library has them (libstdc++ on the desktop) they are used; elsewhere the
// portable versions below write and read the same text (the digits found in exact integers, the
// reading by strtod), which tests/core/number_chars_test.cpp checks against the library on the
// desktop build.

#include <charconv>

namespace mv {

// std::to_chars(first, last, value): the shortest round-trip text, fixed or scientific,
// whichever is shorter (fixed on a tie).
std::to_chars_result numberToChars(char* first, char* last, double value);
// std::from_chars(first, last, value) for decimal text: [-]digits[.digits][e[+-]digits].
std::from_chars_result numberFromChars(const char* first, const char* last, double& value);

// The portable versions: what the two above are where the library lacks them, and public so the
// desktop test compares them with the library's.
std::to_chars_result portableNumberToChars(char* first, char* last, double value);
std::from_chars_result portableNumberFromChars(const char* first, const char* last, double& value);

}  // namespace mv
