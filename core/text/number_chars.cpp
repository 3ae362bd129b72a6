#include "core/text/number_chars.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

namespace mv {

namespace {

// A positive finite double's decimal digits, no trailing zeros: value ≈ d.ddd × 10^exponent.
struct Digits {
    char digits[24] = {};
    int count = 0;
    int exponent = 0;
};

// The digits and exponent of printf's "%.*e" text: "1.2345e-07" → 12345, -7.
Digits parseScientific(const char* text) {
    Digits d;
    for (; *text != 'e'; ++text)
        if (*text != '.') d.digits[d.count++] = *text;
    d.exponent = std::atoi(text + 1);
    return d;
}

std::string scientificText(const Digits& d) {
    char text[40];
    std::snprintf(text, sizeof text, "%c%s%.*se%+03d", d.digits[0], d.count > 1 ? "." : "",
                  d.count - 1, d.digits + 1, d.exponent);
    return text;
}

bool readsBack(const Digits& d, double value) {
    return std::strtod(scientificText(d).c_str(), nullptr) == value;
}

// The next decimal up with as many digits: 1.29 → 1.30, 9.99 → 10.0 (then 1.00e+1).
Digits nextUp(Digits d) {
    int i = d.count - 1;
    while (i >= 0 && d.digits[i] == '9') d.digits[i--] = '0';
    if (i >= 0) {
        ++d.digits[i];
    } else {
        d.digits[0] = '1';
        ++d.exponent;
    }
    return d;
}

Digits withoutTrailingZeros(Digits d) {
    while (d.count > 1 && d.digits[d.count - 1] == '0') --d.count;
    d.digits[d.count] = '\0';
    return d;
}

// printf's correctly rounded text of `value` with `precision` digits after the first, or the
// decimal just above it where only that one reads back: at a power of two the doubles below lie
// twice as close as those above, so the nearest text can miss where the one above still reads back.
std::optional<Digits> readingBack(double value, int precision, bool powerOfTwo) {
    char text[40];
    std::snprintf(text, sizeof text, "%.*e", precision, value);
    const Digits nearest = parseScientific(text);
    if (readsBack(nearest, value)) return nearest;
    if (powerOfTwo && readsBack(nextUp(nearest), value)) return nextUp(nearest);
    return std::nullopt;
}

// The fewest digits that read back as `value`. More digits read back whenever fewer do, so the
// count is found by bisection: five printf and strtod calls rather than up to seventeen, which is
// what the WebAssembly build's `solve --json` spends its time on (17 digits always read back).
Digits shortestDigits(double value) {
    int exponent = 0;
    const bool powerOfTwo = std::frexp(value, &exponent) == 0.5;
    int low = 0, high = 16;
    std::optional<Digits> best = readingBack(value, high, powerOfTwo);
    while (low < high) {
        const int middle = (low + high) / 2;
        if (auto digits = readingBack(value, middle, powerOfTwo)) {
            best = digits;
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    return withoutTrailingZeros(*best);
}

// A whole number is written with all its digits, as std::to_chars does: 2^55 is 36028797018963968,
// not the shortest digits padded with zeros (36028797018963970).
std::string fixedText(const Digits& d, double value) {
    const std::string digits(d.digits, static_cast<size_t>(d.count));
    if (d.exponent < 0)
        return "0." + std::string(static_cast<size_t>(-d.exponent - 1), '0') + digits;
    const auto whole = static_cast<size_t>(d.exponent + 1);
    if (digits.size() <= whole) {
        char text[400];
        std::snprintf(text, sizeof text, "%.0f", value);
        return text;
    }
    return digits.substr(0, whole) + "." + digits.substr(whole);
}

std::to_chars_result put(char* first, char* last, bool negative, const std::string& text) {
    const size_t size = text.size() + (negative ? 1 : 0);
    if (static_cast<size_t>(last - first) < size) return {last, std::errc::value_too_large};
    if (negative) *first++ = '-';
    std::memcpy(first, text.data(), text.size());
    return {first + text.size(), std::errc()};
}

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

const char* skipDigits(const char* p, const char* last) {
    while (p != last && isDigit(*p)) ++p;
    return p;
}

// The end of the longest decimal number at `first` ([-]digits[.digits][e[+-]digits]), or
// `first` where none starts.
const char* decimalEnd(const char* first, const char* last) {
    const char* p = first;
    if (p != last && *p == '-') ++p;
    const char* whole = skipDigits(p, last);
    const char* end = whole;
    if (end != last && *end == '.') end = skipDigits(end + 1, last);
    if (whole == p && end - p <= 1) return first;  // no digit before or after a "."
    if (end != last && (*end == 'e' || *end == 'E')) {
        const char* sign = end + 1;
        if (sign != last && (*sign == '+' || *sign == '-')) ++sign;
        const char* exponentEnd = skipDigits(sign, last);
        if (exponentEnd != sign) end = exponentEnd;
    }
    return end;
}

}  // namespace

std::to_chars_result portableNumberToChars(char* first, char* last, double value) {
    const bool negative = std::signbit(value);
    const double magnitude = std::fabs(value);
    if (std::isnan(value)) return put(first, last, negative, "nan");
    if (std::isinf(value)) return put(first, last, negative, "inf");
    if (magnitude == 0) return put(first, last, negative, "0");
    const Digits digits = shortestDigits(magnitude);
    const std::string fixed = fixedText(digits, magnitude);
    const std::string scientific = scientificText(digits);
    return put(first, last, negative, fixed.size() <= scientific.size() ? fixed : scientific);
}

std::from_chars_result portableNumberFromChars(const char* first, const char* last, double& value) {
    const char* end = decimalEnd(first, last);
    if (end == first) return {first, std::errc::invalid_argument};
    const std::string text(first, end);
    errno = 0;
    const double read = std::strtod(text.c_str(), nullptr);
    // strtod also says ERANGE for a subnormal result, which from_chars reads without complaint.
    if (errno == ERANGE && (read == 0 || std::isinf(read)))
        return {end, std::errc::result_out_of_range};
    value = read;
    return {end, std::errc()};
}

std::to_chars_result numberToChars(char* first, char* last, double value) {
#if defined(__cpp_lib_to_chars)
    return std::to_chars(first, last, value);
#else
    return portableNumberToChars(first, last, value);
#endif
}

std::from_chars_result numberFromChars(const char* first, const char* last, double& value) {
#if defined(__cpp_lib_to_chars)
    return std::from_chars(first, last, value);
#else
    return portableNumberFromChars(first, last, value);
#endif
}

}  // namespace mv
