// Conversions of untrusted numbers (trace input) that must not be undefined
// behaviour whatever the value.
#ifndef SRC_BASE_NUMERIC_H_
#define SRC_BASE_NUMERIC_H_

#include <cstdint>

namespace weft {

// A double as int64, truncated toward zero, clamped to the int64 range; NaN
// becomes 0. (A plain cast of an out-of-range double is undefined.)
inline int64_t SaturatingInt64(double d) {
  if (!(d == d)) return 0;
  if (d >= 9223372036854775807.0) return INT64_MAX;
  if (d <= -9223372036854775808.0) return INT64_MIN;
  return static_cast<int64_t>(d);
}

// a * b clamped to the int64 range (a plain overflow is undefined): for
// times read in coarse units (us -> ns) from the input.
inline int64_t SaturatingMul(int64_t a, int64_t b) {
  int64_t out;
  if (!__builtin_mul_overflow(a, b, &out)) return out;
  return (a < 0) != (b < 0) ? INT64_MIN : INT64_MAX;
}

// a + b clamped to the int64 range: for a slice's end, ts + dur, when the
// input gave a dur near INT64_MAX.
inline int64_t SaturatingAdd(int64_t a, int64_t b) {
  int64_t out;
  if (!__builtin_add_overflow(a, b, &out)) return out;
  return b < 0 ? INT64_MIN : INT64_MAX;
}

}  // namespace weft

#endif  // SRC_BASE_NUMERIC_H_
