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

namespace mv {

namespace {

// A positive finite double's decimal digits, no trailing zeros: value ≈ d.ddd × 10^exponent.
struct Digits {
    char digits[24] = {};
    int count = 0;
    int exponent = 0;
};

// An unsigned integer of up to 1,344 bits in 32-bit words, least significant first: room for the
// largest number shortestDigits meets (about 2^1080, a subnormal's scale times ten).
class BigNumber {
public:
    explicit BigNumber(uint64_t value = 0) {
        for (; value != 0; value >>= 32) m_words[m_size++] = static_cast<uint32_t>(value);
    }
    BigNumber& shiftLeft(int bits) {
        const int words = bits / 32, rest = bits % 32;
        for (int i = m_size - 1; i >= 0; --i) {
            const uint64_t moved = static_cast<uint64_t>(m_words[size_t(i)]) << rest;
            m_words[size_t(i + words + 1)] |= static_cast<uint32_t>(moved >> 32);
            m_words[size_t(i + words)] = static_cast<uint32_t>(moved);
        }
        for (int i = 0; i < words; ++i) m_words[size_t(i)] = 0;
        m_size = m_size == 0 ? 0 : m_size + words + 1;
        trim();
        return *this;
    }
    BigNumber& multiply(uint32_t factor) {
        uint64_t carry = 0;
        for (int i = 0; i < m_size; ++i) {
            carry += static_cast<uint64_t>(m_words[size_t(i)]) * factor;
            m_words[size_t(i)] = static_cast<uint32_t>(carry);
            carry >>= 32;
        }
        if (carry != 0) m_words[size_t(m_size++)] = static_cast<uint32_t>(carry);
        return *this;
    }
    BigNumber& multiplyByPowerOfTen(int power) {
        for (; power >= 9; power -= 9) multiply(1000000000u);
        for (; power > 0; --power) multiply(10);
        return *this;
    }
    BigNumber& add(const BigNumber& other) {
        uint64_t carry = 0;
        const int size = std::max(m_size, other.m_size);
        for (int i = 0; i < size; ++i) {
            carry += static_cast<uint64_t>(m_words[size_t(i)]) + other.m_words[size_t(i)];
            m_words[size_t(i)] = static_cast<uint32_t>(carry);
            carry >>= 32;
        }
        m_size = size;
        if (carry != 0) m_words[size_t(m_size++)] = static_cast<uint32_t>(carry);
        return *this;
    }
    // `other` must not be larger.
    BigNumber& subtract(const BigNumber& other) {
        int64_t borrow = 0;
        for (int i = 0; i < m_size; ++i) {
            const int64_t difference =
                static_cast<int64_t>(m_words[size_t(i)]) - other.m_words[size_t(i)] - borrow;
            m_words[size_t(i)] = static_cast<uint32_t>(difference);
            borrow = difference < 0 ? 1 : 0;
        }
        trim();
        return *this;
    }
    friend int compare(const BigNumber& a, const BigNumber& b) {
        if (a.m_size != b.m_size) return a.m_size < b.m_size ? -1 : 1;
        for (int i = a.m_size - 1; i >= 0; --i)
            if (a.m_words[size_t(i)] != b.m_words[size_t(i)])
                return a.m_words[size_t(i)] < b.m_words[size_t(i)] ? -1 : 1;
        return 0;
    }

private:
    void trim() {
        while (m_size > 0 && m_words[size_t(m_size - 1)] == 0) --m_size;
    }
    std::array<uint32_t, 42> m_words{};
    int m_size = 0;
};

BigNumber sum(BigNumber a, const BigNumber& b) {
    return a.add(b);
}

// The fewest digits that read back as `value`, and of those the nearest: Burger and Dybvig's
// free-format algorithm ("Printing floating-point numbers quickly and accurately", 1996) in exact
// integers. value = r / s; the doubles next to it lie (m− / s) below and (m+ / s) above, and a
// decimal reads back as `value` when it lies within half of those gaps (the ends too when the
// significand is even, as round-half-even reads them). No printf or strtod: in the WebAssembly
// build theirs compute in software long double, and took most of `solve --json`'s time.
Digits shortestDigits(double value) {
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    const uint64_t fraction = bits & ((uint64_t(1) << 52) - 1);
    const int biased = static_cast<int>(bits >> 52);
    const uint64_t significand = biased == 0 ? fraction : fraction | (uint64_t(1) << 52);
    const int exponent = biased == 0 ? -1074 : biased - 1075;
    const bool even = significand % 2 == 0;
    // At a power of two the double below is twice as close as the one above.
    const int unequal = fraction == 0 && biased > 1 ? 1 : 0;
    BigNumber r(significand), s(1), mPlus(1), mMinus(1);
    r.shiftLeft(1 + unequal + std::max(exponent, 0));
    s.shiftLeft(1 + unequal + std::max(-exponent, 0));
    mPlus.shiftLeft(unequal + std::max(exponent, 0));
    mMinus.shiftLeft(std::max(exponent, 0));
    // The decimal exponent k with (r + m+) / s just below 1 after scaling by 10^k; the estimate
    // from log10 is off by at most one, put right after.
    int k = static_cast<int>(std::ceil(std::log10(value) - 1e-10));
    if (k >= 0) {
        s.multiplyByPowerOfTen(k);
    } else {
        r.multiplyByPowerOfTen(-k);
        mPlus.multiplyByPowerOfTen(-k);
        mMinus.multiplyByPowerOfTen(-k);
    }
    const auto reachesOne = [&](int c) { return even ? c >= 0 : c > 0; };
    if (reachesOne(compare(sum(r, mPlus), s))) {
        s.multiply(10);
        ++k;
    }
    Digits d;
    d.exponent = k - 1;
    while (true) {
        r.multiply(10);
        mPlus.multiply(10);
        mMinus.multiply(10);
        char digit = '0';
        while (compare(r, s) >= 0) {
            r.subtract(s);
            ++digit;
        }
        const bool low = even ? compare(r, mMinus) <= 0 : compare(r, mMinus) < 0;
        const bool high = reachesOne(compare(sum(r, mPlus), s));
        if (low && high) {
            const int half = compare(sum(r, r), s);  // the nearer of digit and digit + 1
            if (half > 0 || (half == 0 && (digit - '0') % 2 == 1)) ++digit;
        } else if (high) {
            ++digit;
        }
        d.digits[d.count++] = digit;
        if (low || high) break;
    }
    while (d.count > 1 && d.digits[d.count - 1] == '0') --d.count;
    d.digits[d.count] = '\0';
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
