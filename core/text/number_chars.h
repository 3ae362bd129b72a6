#pragma once

// Doubles to and from text as std::to_chars and std::from_chars do: the shortest text that reads
// back as the same double, and decimal text read without locale or allocation. Why a header of its
// own: emscripten 3.1.6's libc++ 13 (scripts/web.sh, the solver in WebAssembly) has these two only
// for integers. Where the library has them (libstdc++ on the desktop) they are used. Elsewhere the
// text is written from double-conversion's shortest digits (Debian's source package, built by
// scripts/web.sh), laid out as std::to_chars lays them out: tests/web/number_text_test.mjs checks
// it against what the desktop's std::to_chars writes (tests/web/number_texts.txt, which
// tests/core/number_chars_test.cpp checks on the desktop); and read by the portable reading
// below (strtod), which tests/core/number_chars_test.cpp checks against the library.

#include <charconv>

namespace mv {

// std::to_chars(first, last, value): the shortest round-trip text, fixed or scientific,
// whichever is shorter (fixed on a tie).
std::to_chars_result numberToChars(char* first, char* last, double value);
// std::from_chars(first, last, value) for decimal text: [-]digits[.digits][e[+-]digits].
std::from_chars_result numberFromChars(const char* first, const char* last, double& value);

// The portable reading: what numberFromChars is where the library lacks std::from_chars, and
// public so the desktop test compares it with the library's.
std::from_chars_result portableNumberFromChars(const char* first, const char* last, double& value);

}  // namespace mv
