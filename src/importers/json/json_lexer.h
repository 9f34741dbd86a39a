// JsonLexer: a lenient, allocation-free reader of JSON tokens over a byte
// range that may end mid-value (chunked input). Every read reports kNeedMore
// when it reaches the end of the range instead of guessing, so the caller
// can retry once more bytes arrive. Lenient where traces are: trailing
// commas are accepted by the callers; strings are returned unescaped.
#ifndef SRC_IMPORTERS_JSON_JSON_LEXER_H_
#define SRC_IMPORTERS_JSON_JSON_LEXER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace weft {

enum class LexResult { kOk, kNeedMore, kError };

// Returns from the enclosing function with |expr|'s LexResult unless kOk.
#define WEFT_LEX(expr)                   \
  do {                                   \
    LexResult r_ = (expr);               \
    if (r_ != LexResult::kOk) return r_; \
  } while (0)

struct JsonNumber {
  bool is_int = false;  // No fraction/exponent and fits in int64.
  int64_t i = 0;        // For a non-integer: d truncated, clamped to int64.
  double d = 0;
};

class JsonLexer {
 public:
  JsonLexer(const char* begin, const char* end) : p_(begin), end_(end) {}

  const char* pos() const { return p_; }
  void set_pos(const char* p) { p_ = p; }
  const char* end() const { return end_; }
  // Why the last kError happened.
  const char* error() const { return error_; }
  // Malformed escapes seen so far (each replaced by U+FFFD or the
  // escaped character itself).
  uint32_t invalid_escapes() const { return invalid_escapes_; }
  void set_invalid_escapes(uint32_t n) { invalid_escapes_ = n; }

  // Skips whitespace; kNeedMore if the range ends first.
  LexResult SkipWs() {
    while (p_ < end_) {
      char c = *p_;
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') return LexResult::kOk;
      ++p_;
    }
    return LexResult::kNeedMore;
  }
  // Next non-whitespace byte without consuming it (after SkipWs()).
  char Peek() const { return *p_; }
  void Advance() { ++p_; }

  // Reads a string starting at '"'. |out| views either the input or
  // |scratch| (when escapes had to be decoded).
  LexResult ReadString(std::string_view* out, std::string* scratch) {
    // Inline fast path: a string without escapes, found 8 bytes at a time.
    if (p_ >= end_) return LexResult::kNeedMore;
    if (*p_ != '"') return Fail("expected a string");
    const char* start = p_ + 1;
    const char* q = start;
    for (;;) {
      if (end_ - q >= 8) {
        uint64_t w;
        __builtin_memcpy(&w, q, 8);
        constexpr uint64_t kOnes = 0x0101010101010101ULL;
        constexpr uint64_t kHighs = 0x8080808080808080ULL;
        uint64_t quote = w ^ (kOnes * '"');
        uint64_t slash = w ^ (kOnes * '\\');
        uint64_t hit = ((quote - kOnes) & ~quote & kHighs) |
                       ((slash - kOnes) & ~slash & kHighs);
        if (!hit) {
          q += 8;
          continue;
        }
        q += __builtin_ctzll(hit) >> 3;
      } else {
        while (q < end_ && *q != '"' && *q != '\\') ++q;
        if (q == end_) return LexResult::kNeedMore;
      }
      if (*q != '"') return ReadEscapedString(start, out, scratch);
      *out = std::string_view(start, static_cast<size_t>(q - start));
      p_ = q + 1;
      return LexResult::kOk;
    }
  }
  // Reads a JSON number (lenient: leading '+', leading zeros, "1." ok).
  LexResult ReadNumber(JsonNumber* out) {
    // Inline fast path: up to 18 digits followed by a delimiter.
    const char* q = p_;
    bool neg = q < end_ && *q == '-';
    q += neg;
    const char* digits = q;
    uint64_t v = 0;
    while (q < end_ && static_cast<unsigned>(*q - '0') < 10 && q - digits < 18) {
      v = v * 10 + static_cast<unsigned>(*q - '0');
      ++q;
    }
    if (q > digits && q < end_ && static_cast<unsigned>(*q - '0') >= 10 &&
        *q != '.' && *q != 'e' && *q != 'E') {
      out->is_int = true;
      out->i = neg ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
      out->d = static_cast<double>(out->i);
      p_ = q;
      return LexResult::kOk;
    }
    return ReadNumberSlow(out);
  }
  // Inside an object: reads the next member's key and its ':' and stops at
  // the value; sets *done at the closing '}' instead. Tolerates trailing
  // commas.
  LexResult NextMember(std::string_view* key, std::string* scratch, bool* done) {
    *done = false;
    while (true) {
      LexResult r = SkipWs();
      if (r != LexResult::kOk) return r;
      char c = *p_;
      if (c == '}') {
        ++p_;
        *done = true;
        return LexResult::kOk;
      }
      if (c != ',') break;
      ++p_;
    }
    LexResult r = ReadString(key, scratch);
    if (r != LexResult::kOk) return r;
    if ((r = SkipWs()) != LexResult::kOk) return r;
    if (*p_ != ':') return Fail("expected ':' after a key");
    ++p_;
    return SkipWs();
  }
  // Skips one value of any type, iteratively (no recursion on nesting).
  LexResult SkipValue();
  // Matches a literal such as "true".
  LexResult ReadLiteral(std::string_view literal);

  LexResult Fail(const char* why) {
    error_ = why;
    return LexResult::kError;
  }

 private:
  LexResult ReadEscapedString(const char* start, std::string_view* out,
                              std::string* scratch);
  LexResult ReadNumberSlow(JsonNumber* out);

  const char* p_;
  const char* end_;
  const char* error_ = "";
  uint32_t invalid_escapes_ = 0;
};

// Parses the whole of |s| as a number (used for string-typed ts/dur and
// counter values). False if |s| has anything else in it.
bool ParseWholeNumber(std::string_view s, JsonNumber* out);

// Microseconds (as read from JSON) to integer nanoseconds; false if the
// result does not fit in int64.
bool MicrosToNanos(const JsonNumber& n, int64_t* out);

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_LEXER_H_
