// DecodeVarint and AppendPackedVarints read varints as protozero does: the
// same values and lengths, an exception on the same bytes.
#include "src/importers/proto/varints.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "gtest/gtest.h"

namespace weft {
namespace {

std::string Varint(uint64_t v) {
  char bytes[protozero::max_varint_length];
  return std::string(bytes, static_cast<size_t>(protozero::add_varint_to_buffer(bytes, v)));
}

// The packed field (number 1) as protozero reads it with |get|; |threw|
// when it throws.
template <typename T, typename Get>
std::vector<T> WithProtozero(const std::string& packed, Get get, bool* threw) {
  std::string message = "\x0a" + Varint(packed.size()) + packed;
  std::vector<T> out;
  *threw = false;
  try {
    protozero::pbf_reader r(message);
    while (r.next()) {
      for (auto v : get(&r)) out.push_back(static_cast<T>(v));
    }
  } catch (const protozero::exception&) {
    *threw = true;
  }
  return out;
}

template <typename T>
std::vector<T> WithAppend(const std::string& packed, bool* threw) {
  std::vector<T> out = {T{7}};  // Appended to, not replaced.
  *threw = false;
  try {
    AppendPackedVarints(protozero::data_view(packed.data(), packed.size()), &out);
  } catch (const protozero::exception&) {
    *threw = true;
  }
  out.erase(out.begin());
  return out;
}

// Varints of every length 1-10, some overlong or cut, in random runs.
std::string RandomPacked(std::mt19937* rng) {
  std::string s;
  int values = static_cast<int>((*rng)() % 40);
  for (int i = 0; i < values; ++i) {
    uint64_t v = (uint64_t{(*rng)()} << 32) | (*rng)();
    v >>= (*rng)() % 64;
    s += Varint(v);
  }
  switch ((*rng)() % 6) {
    case 0:
      if (!s.empty()) s.resize((*rng)() % s.size());  // Cut in a varint, maybe.
      break;
    case 1: s += std::string(10 + (*rng)() % 3, '\xff') + "\x01"; break;  // Overlong.
    case 2: s += std::string(1 + (*rng)() % 12, '\x80'); break;  // Unterminated.
    case 3:
      if (!s.empty()) s[(*rng)() % s.size()] ^= '\x80';
      break;
    default: break;
  }
  return s;
}

TEST(VarintsTest, DecodeAsProtozeroDecodes) {
  std::mt19937 rng(5);
  for (int i = 0; i < 20000; ++i) {
    std::string bytes = RandomPacked(&rng);
    const char* want_at = bytes.data();
    const char* got_at = bytes.data();
    const char* end = bytes.data() + bytes.size();
    while (want_at != end) {
      uint64_t want = 0, got = 0;
      bool want_threw = false, got_threw = false;
      try {
        want = protozero::decode_varint(&want_at, end);
      } catch (const protozero::exception&) {
        want_threw = true;
      }
      try {
        got = DecodeVarint(&got_at, end);
      } catch (const protozero::exception&) {
        got_threw = true;
      }
      ASSERT_EQ(got_threw, want_threw) << i;
      if (want_threw) break;
      ASSERT_EQ(got, want) << i;
      ASSERT_EQ(got_at, want_at) << i;
    }
  }
}

TEST(VarintsTest, PackedReadAsProtozeroReadsThem) {
  std::mt19937 rng(11);
  for (int i = 0; i < 20000; ++i) {
    std::string packed = RandomPacked(&rng);
    bool want_threw, got_threw;
    auto u64 = WithProtozero<uint64_t>(
        packed, [](protozero::pbf_reader* r) { return r->get_packed_uint64(); }, &want_threw);
    auto got_u64 = WithAppend<uint64_t>(packed, &got_threw);
    ASSERT_EQ(got_threw, want_threw) << i;
    if (!want_threw) {
      ASSERT_EQ(got_u64, u64) << i;
      auto i32 = WithProtozero<int32_t>(
          packed, [](protozero::pbf_reader* r) { return r->get_packed_int32(); }, &want_threw);
      ASSERT_EQ(WithAppend<int32_t>(packed, &got_threw), i32) << i;
      auto i64 = WithProtozero<int64_t>(
          packed, [](protozero::pbf_reader* r) { return r->get_packed_int64(); }, &want_threw);
      ASSERT_EQ(WithAppend<int64_t>(packed, &got_threw), i64) << i;
      auto u32 = WithProtozero<uint32_t>(
          packed, [](protozero::pbf_reader* r) { return r->get_packed_uint32(); }, &want_threw);
      ASSERT_EQ(WithAppend<uint32_t>(packed, &got_threw), u32) << i;
    }
  }
}

}  // namespace
}  // namespace weft
