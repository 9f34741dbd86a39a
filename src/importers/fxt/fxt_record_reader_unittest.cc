// Unit tests of FxtRecordReader: string / thread refs, arguments, event and
// kernel object records, bounds checks, tick conversion.
#include "src/importers/fxt/fxt_record_reader.h"

#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/importers/fxt/fxt_test_words.h"

namespace weft {
namespace {

// An inline stream word holding up to 8 bytes of |s|.
uint64_t StreamWord(const char* s) {
  uint64_t w = 0;
  memcpy(&w, s, strnlen(s, 8));
  return w;
}

class FxtRecordReaderTest : public ::testing::Test {
 protected:
  FxtRecordReader Reader(const std::string& bytes) {
    return FxtRecordReader(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size() / 8,
                           &provider_, &storage_);
  }
  std::string Str(StringId id) { return std::string(storage_.pool().Get(id)); }

  TraceStorage storage_;
  FxtProvider provider_;
};

TEST_F(FxtRecordReaderTest, TicksToNs) {
  int64_t ns;
  ASSERT_TRUE(FxtTicksToNs(1500, 1000, &ns));
  EXPECT_EQ(ns, 1500000000);
  ASSERT_TRUE(FxtTicksToNs(uint64_t{1} << 62, 1000000000, &ns));
  EXPECT_EQ(ns, int64_t{1} << 62);
  EXPECT_FALSE(FxtTicksToNs(UINT64_MAX, 1000000000, &ns));  // Past int64.
  EXPECT_FALSE(FxtTicksToNs(1, 0, &ns));
  ASSERT_TRUE(FxtTicksToNs(UINT64_MAX, uint64_t{1} << 62, &ns));  // No overflow inside.
  EXPECT_EQ(ns, 3999999999);
}

TEST_F(FxtRecordReaderTest, TicksToNsMatchesExactDivision) {
  // The 64-bit split (seconds and rest) against the exact 128-bit quotient,
  // for common and odd tick rates, up to the int64 limit.
  const uint64_t rates[] = {1, 3, 1000, 19200000, 24000000, 999999999, 1000000001,
                            uint64_t{1} << 34, UINT64_MAX / 1000000000, UINT64_MAX / 1000000000 + 1};
  const uint64_t ticks[] = {0, 1, 999, 123456789012345, uint64_t{1} << 40, uint64_t{1} << 62,
                            UINT64_MAX / 2, UINT64_MAX - 1, UINT64_MAX};
  for (uint64_t rate : rates) {
    for (uint64_t t : ticks) {
      unsigned __int128 exact = static_cast<unsigned __int128>(t) * 1000000000u / rate;
      int64_t ns = -1;
      bool fits = exact <= static_cast<unsigned __int128>(INT64_MAX);
      ASSERT_EQ(FxtTicksToNs(t, rate, &ns), fits) << t << " ticks at " << rate;
      if (fits) {
        EXPECT_EQ(static_cast<unsigned __int128>(ns), exact) << t << " at " << rate;
      }
    }
  }
}

TEST_F(FxtRecordReaderTest, StringRefs) {
  provider_.strings.Set(5, storage_.Intern("indexed"));
  std::string bytes = FxtBytes({0, StreamWord("inline s"), StreamWord("tr")});
  FxtRecordReader r = Reader(bytes);
  StringId id;
  ASSERT_EQ(r.ReadString(0, &id), FxtReadError::kOk);
  EXPECT_EQ(Str(id), "");
  ASSERT_EQ(r.ReadString(5, &id), FxtReadError::kOk);
  EXPECT_EQ(Str(id), "indexed");
  // A string the provider never registered (overwritten in a circular
  // buffer): a placeholder, counted.
  ASSERT_EQ(r.ReadString(6, &id), FxtReadError::kOk);
  EXPECT_EQ(Str(id), "<unknown string 6>");
  EXPECT_EQ(storage_.stats.Get(Stat::fuchsia_invalid_string_ref), 1);
  ASSERT_EQ(r.ReadString(0x8000 | 10, &id), FxtReadError::kOk);
  EXPECT_EQ(Str(id), "inline str");
  // Nothing left: an inline string past the record's end is an error.
  EXPECT_EQ(r.ReadString(0x8000 | 1, &id), FxtReadError::kTruncated);
}

TEST_F(FxtRecordReaderTest, ThreadRefs) {
  provider_.threads.Set(3, {10, 11});
  std::string bytes = FxtBytes({0, 20, 21, 30});
  FxtRecordReader r = Reader(bytes);
  FxtThread t;
  ASSERT_EQ(r.ReadThread(3, &t), FxtReadError::kOk);
  EXPECT_EQ(t.pid, 10u);
  EXPECT_EQ(t.tid, 11u);
  ASSERT_EQ(r.ReadThread(4, &t), FxtReadError::kOk);  // Placeholder.
  EXPECT_EQ(t.pid, 0u);
  EXPECT_EQ(t.tid, 0u);
  EXPECT_EQ(storage_.stats.Get(Stat::fuchsia_invalid_thread_ref), 1);
  ASSERT_EQ(r.ReadThread(0, &t), FxtReadError::kOk);
  EXPECT_EQ(t.pid, 20u);
  EXPECT_EQ(t.tid, 21u);
  EXPECT_EQ(r.ReadThread(0, &t), FxtReadError::kTruncated);  // One word left.
}

uint64_t ArgHeader(uint64_t type, uint64_t size, uint64_t name_ref, uint64_t value = 0) {
  return type | size << 4 | name_ref << 16 | value << 32;
}

TEST_F(FxtRecordReaderTest, Arguments) {
  provider_.strings.Set(1, storage_.Intern("n"));
  double d = 2.5;
  uint64_t dbits;
  memcpy(&dbits, &d, 8);
  std::string bytes = FxtBytes({
      0,
      ArgHeader(fxt::kArgInt32, 1, 1, 0xfffffff9),    // -7
      ArgHeader(fxt::kArgUint32, 1, 1, 0xfffffff9),
      ArgHeader(fxt::kArgUint64, 2, 1), 42,
      ArgHeader(fxt::kArgDouble, 2, 1), dbits,
      ArgHeader(fxt::kArgString, 2, 1, 0x8000 | 2), StreamWord("hi"),
      ArgHeader(fxt::kArgPointer, 3, 0x8000 | 3), StreamWord("ptr"), 0xabcd,
      ArgHeader(fxt::kArgBool, 1, 1, 1),
      ArgHeader(fxt::kArgNull, 1, 1),
      ArgHeader(12, 3, 1), 7, 8,  // Unknown type: skipped by its size.
  });
  FxtRecordReader r = Reader(bytes);
  FxtArgChunks args;
  ASSERT_EQ(r.ReadArgs(9, &args), FxtReadError::kOk);
  ASSERT_EQ(args.size(), 9u);
  EXPECT_EQ(args[0].type, ArgType::kInt);
  EXPECT_EQ(args[0].raw, -7);
  EXPECT_EQ(args[1].raw, 0xfffffff9);
  EXPECT_EQ(args[2].raw, 42);
  EXPECT_EQ(args[3].type, ArgType::kReal);
  EXPECT_EQ(static_cast<uint64_t>(args[3].raw), dbits);
  EXPECT_EQ(args[4].type, ArgType::kString);
  EXPECT_EQ(Str(static_cast<StringId>(args[4].raw)), "hi");
  EXPECT_EQ(Str(args[5].name), "ptr");
  EXPECT_EQ(args[5].type, ArgType::kPointer);
  EXPECT_EQ(args[5].raw, 0xabcd);
  EXPECT_EQ(args[6].type, ArgType::kBool);
  EXPECT_EQ(args[6].raw, 1);
  EXPECT_EQ(Str(static_cast<StringId>(args[7].raw)), "null");
  EXPECT_EQ(Str(static_cast<StringId>(args[8].raw)), "unknown");
  uint64_t w;
  EXPECT_FALSE(r.ReadWord(&w));  // Everything consumed.
}

TEST_F(FxtRecordReaderTest, ArgumentPastRecordEnd) {
  FxtArgChunks args;
  // Size 3 but only two words left.
  std::string bytes = FxtBytes({0, ArgHeader(fxt::kArgInt64, 3, 0), 5});
  EXPECT_EQ(Reader(bytes).ReadArgs(1, &args), FxtReadError::kTruncated);
  // Size 0.
  bytes = FxtBytes({0, ArgHeader(fxt::kArgInt32, 0, 0)});
  EXPECT_EQ(Reader(bytes).ReadArgs(1, &args), FxtReadError::kTruncated);
  // A 64-bit value missing.
  bytes = FxtBytes({0, ArgHeader(fxt::kArgInt64, 1, 0)});
  EXPECT_EQ(Reader(bytes).ReadArgs(1, &args), FxtReadError::kTruncated);
}

uint64_t EventHeader(uint64_t words, uint64_t type, uint64_t nargs, uint64_t thread,
                     uint64_t cat, uint64_t name) {
  return fxt::kEvent | words << 4 | type << 16 | nargs << 20 | thread << 24 | cat << 32 |
         name << 48;
}

TEST_F(FxtRecordReaderTest, CompleteEventWithInlineFields) {
  provider_.ticks_per_second = 1000;
  std::string bytes = FxtBytes({
      EventHeader(8, fxt::kDurationComplete, 1, 0, 0x8000 | 3, 0x8000 | 9),
      2,                                   // ts: 2 ticks = 2 ms
      7, 8,                                // pid, tid
      StreamWord("cat"),
      StreamWord("long nam"), StreamWord("e"),
      ArgHeader(fxt::kArgInt32, 1, 0, 1),
      5,                                   // end ts
  });
  FxtArgChunks args;
  FxtEvent e;
  FxtRecordReader r = Reader(bytes);
  ASSERT_EQ(r.ReadEvent(&e, &args), FxtReadError::kOk);
  EXPECT_EQ(e.event_type, fxt::kDurationComplete);
  EXPECT_EQ(e.ts, 2000000);
  EXPECT_EQ(ExtraOf(e, args), 5000000u);
  EXPECT_EQ(e.pid, 7u);
  EXPECT_EQ(e.tid, 8u);
  EXPECT_EQ(Str(e.cat), "cat");
  EXPECT_EQ(Str(e.name), "long name");
  EXPECT_EQ(e.first_arg, 0u);
  EXPECT_EQ(e.arg_count, 1u);
}

TEST_F(FxtRecordReaderTest, TruncatedEventLeavesNoArgs) {
  provider_.threads.Set(1, {1, 2});
  // An async begin whose correlation id word is missing.
  std::string bytes = FxtBytes({EventHeader(3, fxt::kAsyncBegin, 1, 1, 0, 0), 10,
                             ArgHeader(fxt::kArgInt32, 1, 0, 1)});
  FxtArgChunks args;
  FxtEvent e;
  EXPECT_EQ(Reader(bytes).ReadEvent(&e, &args), FxtReadError::kTruncated);
  EXPECT_TRUE(args.empty());
  bytes = FxtBytes({EventHeader(2, fxt::kInstant, 0, 2, 0, 0)});
  EXPECT_EQ(Reader(bytes).ReadEvent(&e, &args), FxtReadError::kTruncated);
}

TEST_F(FxtRecordReaderTest, KernelObjects) {
  provider_.strings.Set(1, storage_.Intern("process"));
  uint64_t process = fxt::kKernelObject | 3 << 4 | fxt::kObjProcess << 16 | uint64_t{0x8000 | 4} << 24;
  std::string bytes = FxtBytes({process, 99, StreamWord("init")});
  FxtEvent e;
  ASSERT_EQ(Reader(bytes).ReadKernelObject(&e), FxtReadError::kOk);
  EXPECT_EQ(e.kind, FxtEvent::kProcessName);
  EXPECT_EQ(e.pid, 99u);
  EXPECT_EQ(Str(e.name), "init");

  uint64_t thread = fxt::kKernelObject | 5 << 4 | fxt::kObjThread << 16 |
                    uint64_t{0x8000 | 2} << 24 | uint64_t{1} << 40;
  bytes = FxtBytes({thread, 100, StreamWord("t1"), ArgHeader(fxt::kArgKoid, 2, 1), 99});
  FxtEvent t;
  ASSERT_EQ(Reader(bytes).ReadKernelObject(&t), FxtReadError::kOk);
  EXPECT_EQ(t.kind, FxtEvent::kThreadName);
  EXPECT_EQ(t.tid, 100u);
  EXPECT_EQ(t.pid, 99u);

  // "process" must be a koid.
  bytes = FxtBytes({thread, 100, StreamWord("t1"), ArgHeader(fxt::kArgInt64, 2, 1), 99});
  EXPECT_EQ(Reader(bytes).ReadKernelObject(&t), FxtReadError::kBadArgType);
}

}  // namespace
}  // namespace weft
