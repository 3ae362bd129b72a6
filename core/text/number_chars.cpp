#include "core/text/number_chars.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#if !defined(__cpp_lib_to_chars)
#include <double-conversion/double-conversion.h>
#endif

namespace mv {

namespace {

#if !defined(__cpp_lib_to_chars)

// A positive finite double's decimal digits, no trailing zeros: value ≈ d.ddd × 10^exponent.
struct Digits {
    char digits[24] = {};
    int count = 0;
    int exponent = 0;
};

// The fewest digits that read back as `value`, and of those the nearest, as std::to_chars
// chooses them: double-conversion's shortest mode (Debian's source package, built by
// scripts/web.sh; the digits V8 prints numbers with). No printf or strtod: in the WebAssembly
// build theirs compute in software long double, and took most of `solve --json`'s time.
Digits shortestDigits(double value) {
    Digits d;
    bool negative = false;
    int point = 0;
    double_conversion::DoubleToStringConverter::DoubleToAscii(
        value, double_conversion::DoubleToStringConverter::SHORTEST, 0, d.digits,
        static_cast<int>(sizeof d.digits), &negative, &d.count, &point);
    d.exponent = point - 1;  // the digits are 0.ddd × 10^point
    return d;
}

// The two forms std::to_chars chooses from, written into `out` (room for 330 characters), their
// length returned: d.ddde+XX, and the fixed form. A whole number is written with all its digits,
// as std::to_chars does: 2^55 is 36028797018963968, not the shortest digits padded with zeros
// (36028797018963970); below 2^53, where the doubles are a whole number or less apart, the two
// are the same.
size_t scientificLength(const Digits& d) {
    return static_cast<size_t>(d.count + (d.count > 1 ? 1 : 0) + 2 +
                               (d.exponent >= 100 || d.exponent <= -100 ? 3 : 2));
}

size_t fixedLength(const Digits& d) {
    if (d.exponent < 0) return static_cast<size_t>(1 - d.exponent + d.count);
    return static_cast<size_t>(d.count <= d.exponent + 1 ? d.exponent + 1 : d.count + 1);
}

size_t writeScientific(char* out, const Digits& d) {
    char* p = out;
    *p++ = d.digits[0];
    if (d.count > 1) {
        *p++ = '.';
        p = std::copy(d.digits + 1, d.digits + d.count, p);
    }
    *p++ = 'e';
    *p++ = d.exponent < 0 ? '-' : '+';
    const int magnitude = std::abs(d.exponent);
    if (magnitude >= 100) *p++ = static_cast<char>('0' + magnitude / 100);
    *p++ = static_cast<char>('0' + magnitude / 10 % 10);
    *p++ = static_cast<char>('0' + magnitude % 10);
    return static_cast<size_t>(p - out);
}

size_t writeFixed(char* out, const Digits& d, double value) {
    char* p = out;
    const char* digitsEnd = d.digits + d.count;
    if (d.exponent < 0) {
        *p++ = '0';
        *p++ = '.';
        p = std::fill_n(p, -d.exponent - 1, '0');
        return static_cast<size_t>(std::copy(d.digits, digitsEnd, p) - out);
    }
    const int whole = d.exponent + 1;
    if (d.count <= whole && value >= 9007199254740992.0)
        return static_cast<size_t>(std::snprintf(out, 330, "%.0f", value));
    if (d.count <= whole)
        return static_cast<size_t>(
            std::fill_n(std::copy(d.digits, digitsEnd, p), whole - d.count, '0') - out);
    p = std::copy(d.digits, d.digits + whole, p);
    *p++ = '.';
    return static_cast<size_t>(std::copy(d.digits + whole, digitsEnd, p) - out);
}

std::to_chars_result put(char* first, char* last, bool negative, const char* text, size_t size) {
    if (static_cast<size_t>(last - first) < size + (negative ? 1 : 0))
        return {last, std::errc::value_too_large};
    if (negative) *first++ = '-';
    std::memcpy(first, text, size);
    return {first + size, std::errc()};
}

#endif  // !__cpp_lib_to_chars

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
    const bool negative = std::signbit(value);
    if (std::isnan(value)) return put(first, last, negative, "nan", 3);
    if (std::isinf(value)) return put(first, last, negative, "inf", 3);
    if (value == 0) return put(first, last, negative, "0", 1);
    const double magnitude = std::fabs(value);
    const Digits digits = shortestDigits(magnitude);
    char text[330];
    const size_t size = fixedLength(digits) <= scientificLength(digits)
                            ? writeFixed(text, digits, magnitude)
                            : writeScientific(text, digits);
    return put(first, last, negative, text, size);
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
