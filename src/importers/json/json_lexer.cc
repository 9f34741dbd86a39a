// JsonLexer: string unescaping (including \u surrogate pairs), number
// parsing without strtod (exact integers, decimal fractions built the same
// way for every caller) and iterative value skipping.
#include "src/importers/json/json_lexer.h"

#include <cmath>
#include <cstring>

#include "src/base/numeric.h"

namespace weft {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Reads 4 hex digits at |p|; -1 if invalid.
int32_t Read4Hex(const char* p) {
  int32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    int h = HexValue(p[i]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

// Scans a number's text: [+-]digits[.digits][(e|E)[+-]digits].
// Returns bytes consumed, 0 if not a number. Sets *complete=false if the
// text runs into |end| (more digits may follow in the next chunk).
size_t ScanNumber(const char* p, const char* end, JsonNumber* out,
                  bool* complete) {
  const char* s = p;
  *complete = true;
  bool neg = false;
  if (p < end && (*p == '-' || *p == '+')) {
    neg = *p == '-';
    ++p;
  }
  // Up to 19 digits always fit in uint64; longer runs fall back to a
  // double accumulated from the exact prefix.
  uint64_t int_part = 0;
  int int_digits = 0;
  bool overflow = false;
  double int_as_double = 0;
  while (p < end && static_cast<unsigned>(*p - '0') < 10 && int_digits < 19) {
    int_part = int_part * 10 + static_cast<unsigned>(*p - '0');
    ++int_digits;
    ++p;
  }
  if (p < end && static_cast<unsigned>(*p - '0') < 10) {
    int_as_double = static_cast<double>(int_part);
    while (p < end && static_cast<unsigned>(*p - '0') < 10) {
      unsigned digit = static_cast<unsigned>(*p - '0');
      if (!overflow && int_part <= (UINT64_MAX - digit) / 10) {
        int_part = int_part * 10 + digit;
      } else {
        overflow = true;
      }
      int_as_double = int_as_double * 10 + digit;
      ++int_digits;
      ++p;
    }
  }
  uint64_t frac = 0;
  int frac_digits = 0;
  bool has_frac = false;
  if (p < end && *p == '.') {
    has_frac = true;
    ++p;
    while (p < end && *p >= '0' && *p <= '9') {
      // Digits beyond 18 cannot change a double; keep counting position.
      if (frac_digits < 18) {
        frac = frac * 10 + static_cast<unsigned>(*p - '0');
        ++frac_digits;
      }
      ++p;
    }
  }
  if (p == end) *complete = false;  // "-" or "1." may continue next chunk.
  if (int_digits == 0 && frac_digits == 0) return 0;
  int exp = 0;
  bool has_exp = false;
  if (p < end && (*p == 'e' || *p == 'E')) {
    const char* e = p + 1;
    bool exp_neg = false;
    if (e < end && (*e == '-' || *e == '+')) {
      exp_neg = *e == '-';
      ++e;
    }
    int exp_digits = 0;
    while (e < end && *e >= '0' && *e <= '9') {
      if (exp < 100000) exp = exp * 10 + (*e - '0');
      ++exp_digits;
      ++e;
    }
    if (e == end) *complete = false;
    if (exp_digits == 0) return 0;  // "1e", "2e+": not a number.
    if (exp_neg) exp = -exp;
    has_exp = true;
    p = e;
  }
  if (p == end) *complete = false;

  if (!has_frac && !has_exp && !overflow &&
      int_part <= static_cast<uint64_t>(INT64_MAX) + (neg ? 1 : 0)) {
    out->is_int = true;
    out->i = neg ? static_cast<int64_t>(0 - int_part)
                 : static_cast<int64_t>(int_part);
    out->d = static_cast<double>(out->i);
    return static_cast<size_t>(p - s);
  }
  double d = overflow ? int_as_double : static_cast<double>(int_part);
  static const double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,
                                 1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13,
                                 1e14, 1e15, 1e16, 1e17, 1e18};
  if (frac_digits > 0) d += static_cast<double>(frac) / kPow10[frac_digits];
  if (has_exp) d *= std::pow(10.0, exp);
  out->is_int = false;
  out->d = neg ? -d : d;
  out->i = SaturatingInt64(out->d);
  return static_cast<size_t>(p - s);
}

}  // namespace

// Decodes a string with escapes, from |start| (just after the quote).
LexResult JsonLexer::ReadEscapedString(const char* start, std::string_view* out,
                                       std::string* scratch) {
  const char* q;
  // Slow path: decode escapes into scratch.
  scratch->clear();
  q = start;
  while (true) {
    if (q >= end_) return LexResult::kNeedMore;
    char c = *q;
    if (c == '"') break;
    if (c != '\\') {
      scratch->push_back(c);
      ++q;
      continue;
    }
    if (q + 1 >= end_) return LexResult::kNeedMore;
    char e = q[1];
    q += 2;
    switch (e) {
      case '"': scratch->push_back('"'); break;
      case '\\': scratch->push_back('\\'); break;
      case '/': scratch->push_back('/'); break;
      case 'b': scratch->push_back('\b'); break;
      case 'f': scratch->push_back('\f'); break;
      case 'n': scratch->push_back('\n'); break;
      case 'r': scratch->push_back('\r'); break;
      case 't': scratch->push_back('\t'); break;
      case 'u': {
        if (end_ - q < 4) return LexResult::kNeedMore;
        int32_t cp = Read4Hex(q);
        if (cp < 0) {
          // Keep the string (and the event): U+FFFD marks the bad escape.
          ++invalid_escapes_;
          AppendUtf8(0xFFFD, scratch);
          break;
        }
        q += 4;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          // High surrogate: combine with a following low surrogate. Wait
          // for more bytes only if one may really follow.
          if (q >= end_ || (q[0] == '\\' && (end_ - q < 2 || (q[1] == 'u' && end_ - q < 6)))) {
            return LexResult::kNeedMore;
          }
          int32_t lo = (q[0] == '\\' && q[1] == 'u') ? Read4Hex(q + 2) : -1;
          if (lo >= 0xDC00 && lo <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            q += 6;
          } else {
            cp = 0xFFFD;  // Unpaired surrogate: replacement character.
          }
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
          cp = 0xFFFD;
        }
        AppendUtf8(static_cast<uint32_t>(cp), scratch);
        break;
      }
      default:
        ++invalid_escapes_;
        scratch->push_back(e);
        break;
    }
  }
  *out = *scratch;
  p_ = q + 1;
  return LexResult::kOk;
}

LexResult JsonLexer::ReadNumberSlow(JsonNumber* out) {
  bool complete;
  size_t n = ScanNumber(p_, end_, out, &complete);
  if (!complete) return LexResult::kNeedMore;
  if (n == 0) return Fail("invalid number");
  p_ += n;
  return LexResult::kOk;
}

LexResult JsonLexer::ReadLiteral(std::string_view literal) {
  size_t avail = static_cast<size_t>(end_ - p_);
  size_t n = literal.size() < avail ? literal.size() : avail;
  if (memcmp(p_, literal.data(), n) != 0) return Fail("invalid literal");
  if (n < literal.size()) return LexResult::kNeedMore;
  p_ += n;
  return LexResult::kOk;
}

LexResult JsonLexer::SkipValue() {
  LexResult r = SkipWs();
  if (r != LexResult::kOk) return r;
  char c = *p_;
  if (c == '"') {
    std::string_view unused;
    std::string scratch;
    return ReadString(&unused, &scratch);
  }
  if (c == 't') return ReadLiteral("true");
  if (c == 'f') return ReadLiteral("false");
  if (c == 'n') return ReadLiteral("null");
  if (c != '{' && c != '[') {
    JsonNumber unused;
    return ReadNumber(&unused);
  }
  // Containers: track depth only; strings are skipped so brackets inside
  // them do not count.
  size_t depth = 0;
  const char* q = p_;
  while (q < end_) {
    char ch = *q;
    if (ch == '"') {
      ++q;
      while (true) {
        const char* hit = static_cast<const char*>(
            memchr(q, '"', static_cast<size_t>(end_ - q)));
        if (!hit) return LexResult::kNeedMore;
        // Count preceding backslashes: an odd run escapes the quote.
        const char* b = hit;
        while (b > q && b[-1] == '\\') --b;
        q = hit + 1;
        if (((hit - b) & 1) == 0) break;
      }
      continue;
    }
    if (ch == '{' || ch == '[') {
      ++depth;
    } else if (ch == '}' || ch == ']') {
      if (--depth == 0) {
        p_ = q + 1;
        return LexResult::kOk;
      }
    }
    ++q;
  }
  return LexResult::kNeedMore;
}

bool ParseWholeNumber(std::string_view s, JsonNumber* out) {
  if (s.empty()) return false;
  bool complete;
  size_t n = ScanNumber(s.data(), s.data() + s.size(), out, &complete);
  return n == s.size();
}

bool MicrosToNanos(const JsonNumber& n, int64_t* out) {
  constexpr int64_t kMaxMicros = INT64_MAX / 1000;
  if (n.is_int) {
    if (n.i > kMaxMicros || n.i < -kMaxMicros) return false;
    *out = n.i * 1000;
    return true;
  }
  double ns = n.d * 1000.0;
  if (!(ns < 9.2e18 && ns > -9.2e18)) return false;  // Also rejects NaN.
  if (n.d == std::trunc(n.d)) {
    *out = static_cast<int64_t>(n.d) * 1000;
  } else {
    *out = std::llround(ns);
  }
  return true;
}

}  // namespace weft
