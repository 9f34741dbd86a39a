#include "src/trace/trace_processor.h"

#include <sqlite3.h>

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <protozero/pbf_writer.hpp>

namespace weft {
namespace {

// A trace exercising most of the JSON importer: metadata events, B/E with
// args on both ends, X with string ts and thread time, instants of every
// scope, counters, async, v1 and v2 flows, escapes and \u sequences,
// nested args, invalid and unknown events, skipped top-level keys and the
// metadata object.
const char kCoreTrace[] = R"({"traceEvents": [
 {"name":"process_name","ph":"M","pid":1,"args":{"name":"Browser \"q\" \u00e9"}},
 {"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"IO\ud83d\ude00"}},
 {"name":"A","cat":"c","ph":"B","ts":100.5,"pid":1,"tid":1,
  "args":{"x":1,"nested":{"arr":[1,2.5,"s",true,null],"o":{"k":"v\\w"}}}},
 {"name":"B","cat":"c","ph":"X","ts":"110","dur":20.25,"tid":1,"pid":1,"tts":5,"tdur":3},
 {"name":"A","cat":"c","ph":"E","ts":200,"pid":1,"tid":1,"args":{"end_arg":"yes"}},
 {"name":"i1","ph":"i","s":"g","ts":150,"pid":1,"tid":1},
 {"name":"i2","ph":"I","s":"p","ts":150,"pid":1,"tid":2},
 {"name":"i3","ph":"i","ts":151,"pid":1,"tid":2,"args":{"big":12345678901234567890}},
 {"name":"ctr","ph":"C","ts":120,"pid":1,"args":{"v":1.5e2,"w":7}},
 {"name":"ctr","ph":"C","ts":130,"pid":1,"args":{"v":"42.5","w":8}},
 {"name":"async","cat":"a","ph":"b","id":"0x1","ts":90,"pid":1,"args":{"u":"https://x/"}},
 {"name":"async","cat":"a","ph":"e","id":"0x1","ts":300,"pid":1},
 {"name":"flow","cat":"f","ph":"s","id":7,"ts":101,"pid":1,"tid":1},
 {"name":"flow","cat":"f","ph":"f","bp":"e","id":7,"ts":112,"pid":1,"tid":1},
 {"name":"X2","ph":"X","ts":400,"dur":10,"pid":2,"tid":3,"bind_id":"0xa","flow_out":true},
 {"name":"X3","ph":"X","ts":500,"dur":10,"pid":2,"tid":4,"bind_id":"0xa","flow_in":true},
 {"name":"Y","ph":"X","ts":400,"dur":10,"pid":"named","tid":"thread"},
 {"args":{"late":1},"name":"argsfirst","ph":"X","ts":600,"dur":1,"pid":2,"tid":3},
 {"name":"bad","ph":"X","ts":"abc","pid":1,"tid":1},
 {"name":"unknown","ph":"Q","ts":1,"pid":1,"tid":1},
 {},
 {"name":"trailing","ph":"X","ts":700,"dur":3,"pid":2,"tid":3,},
],
"otherKey": {"nested": [1, {"a": "]}\"["}], "s": "\\"},
"metadata": {"source": "unit test", "n": 8, "f": 1.25, "b": true, "obj": {"x": 1}}
}
)";

// Same shape, with negative numbers in args and timestamps as strings.
const char kNegativeNumbersTrace[] = R"([
 {"name":"A","ph":"X","ts":10,"dur":5,"pid":1,"tid":1,"args":{"neg":-5,"negf":-0.25}},
 {"name":"C","ph":"C","ts":11,"pid":1,"args":{"v":-3}}
])";

const char kDisplayTimeUnitTrace[] = R"({"displayTimeUnit": "ns", "traceEvents": [
 {"name":"A","ph":"X","ts":10,"dur":5,"pid":1,"tid":1}
]})";

// Every table's full contents, as text.
std::string Dump(TraceProcessor* tp, Status* status) {
  std::string out;
  for (const Table* t : tp->storage()->AllTables()) {
    out += "== " + t->name() + "\n";
    Status s = tp->ExecuteQuery("SELECT * FROM " + t->name(), [&](sqlite3_stmt* stmt) {
      while (sqlite3_step(stmt) == SQLITE_ROW) {
        for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
          const unsigned char* v = sqlite3_column_text(stmt, c);
          out += v ? reinterpret_cast<const char*>(v) : "NULL";
          out += '|';
        }
        out += '\n';
      }
      return Status::Ok();
    });
    if (!s.ok()) *status = s;
  }
  return out;
}

struct Loaded {
  Status parse;
  Status eof;
  std::string dump;
};

Loaded Load(const std::string& trace, size_t chunk) {
  TraceProcessor tp;
  Loaded l;
  const auto* data = reinterpret_cast<const uint8_t*>(trace.data());
  for (size_t off = 0; off < trace.size(); off += chunk) {
    size_t n = std::min(chunk, trace.size() - off);
    Status s = tp.Parse(data + off, n);
    if (!s.ok() && l.parse.ok()) l.parse = s;
  }
  l.eof = tp.NotifyEndOfFile();
  Status q;
  l.dump = Dump(&tp, &q);
  EXPECT_TRUE(q.ok()) << q.message();
  return l;
}

void ExpectChunkInvariant(const std::string& trace) {
  Loaded whole = Load(trace, trace.size());
  ASSERT_TRUE(whole.parse.ok()) << whole.parse.message();
  ASSERT_TRUE(whole.eof.ok()) << whole.eof.message();
  std::vector<size_t> sizes;
  for (size_t c = 1; c <= 64; ++c) sizes.push_back(c);
  for (size_t c : {97u, 128u, 255u, 1000u, 4096u}) sizes.push_back(c);
  for (size_t c : sizes) {
    Loaded l = Load(trace, c);
    ASSERT_TRUE(l.parse.ok()) << "chunk " << c << ": " << l.parse.message();
    ASSERT_TRUE(l.eof.ok()) << "chunk " << c << ": " << l.eof.message();
    if (l.dump != whole.dump) {
      // Report the first differing line only.
      size_t i = 0;
      while (i < l.dump.size() && i < whole.dump.size() && l.dump[i] == whole.dump[i]) ++i;
      size_t line_start = whole.dump.rfind('\n', i);
      line_start = line_start == std::string::npos ? 0 : line_start + 1;
      size_t table = whole.dump.rfind("== ", i);
      ADD_FAILURE() << "chunk size " << c << " differs in table "
                    << whole.dump.substr(table, whole.dump.find('\n', table) - table)
                    << "\n whole:   " << whole.dump.substr(line_start, whole.dump.find('\n', i) - line_start)
                    << "\n chunked: " << l.dump.substr(line_start, l.dump.find('\n', i) - line_start);
      return;
    }
  }
}

int64_t QueryInt(TraceProcessor* tp, const std::string& sql) {
  int64_t v = -999;
  Status s = tp->ExecuteQuery(sql, [&](sqlite3_stmt* stmt) {
    if (sqlite3_step(stmt) == SQLITE_ROW) v = sqlite3_column_int64(stmt, 0);
    return Status::Ok();
  });
  EXPECT_TRUE(s.ok()) << s.message();
  return v;
}

std::string QueryText(TraceProcessor* tp, const std::string& sql) {
  std::string v = "<none>";
  Status s = tp->ExecuteQuery(sql, [&](sqlite3_stmt* stmt) {
    if (sqlite3_step(stmt) == SQLITE_ROW) {
      const unsigned char* t = sqlite3_column_text(stmt, 0);
      v = t ? reinterpret_cast<const char*>(t) : "NULL";
    }
    return Status::Ok();
  });
  EXPECT_TRUE(s.ok()) << s.message();
  return v;
}

Status LoadWhole(TraceProcessor* tp, const std::string& trace) {
  Status s = tp->Parse(reinterpret_cast<const uint8_t*>(trace.data()), trace.size());
  Status e = tp->NotifyEndOfFile();
  return s.ok() ? e : s;
}

TEST(TraceProcessorTest, CoreTraceContents) {
  TraceProcessor tp;
  Status s = LoadWhole(&tp, kCoreTrace);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(tp.format_name(), "json");
  EXPECT_EQ(QueryInt(&tp, "SELECT dur FROM slice WHERE name = 'A'"), 99500);
  EXPECT_EQ(QueryInt(&tp, "SELECT ts FROM slice WHERE name = 'A'"), 100500);
  EXPECT_EQ(QueryInt(&tp, "SELECT dur FROM slice WHERE name = 'B'"), 20250);
  EXPECT_EQ(QueryInt(&tp, "SELECT ts FROM slice WHERE name = 'B'"), 110000);
  EXPECT_EQ(QueryInt(&tp, "SELECT depth FROM slice WHERE name = 'B'"), 1);
  EXPECT_EQ(QueryInt(&tp, "SELECT thread_dur FROM slice WHERE name = 'B'"), 3000);
  EXPECT_EQ(QueryText(&tp, "SELECT extract_arg(arg_set_id, 'args.end_arg') FROM slice WHERE name = 'A'"),
            "yes");
  EXPECT_EQ(QueryInt(&tp, "SELECT extract_arg(arg_set_id, 'args.x') FROM slice WHERE name = 'A'"), 1);
  EXPECT_EQ(QueryText(&tp, "SELECT extract_arg(arg_set_id, 'args.nested.o.k') FROM slice WHERE name = 'A'"),
            "v\\w");
  EXPECT_EQ(QueryText(&tp, "SELECT name FROM process WHERE pid = 1"), "Browser \"q\" \xc3\xa9");
  EXPECT_EQ(QueryText(&tp, "SELECT name FROM thread WHERE tid = 2"), "IO\xf0\x9f\x98\x80");
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM counter"), 4);
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM flow"), 2);
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM slice WHERE name = 'bad'"), 0);
  EXPECT_EQ(QueryInt(&tp, "SELECT value FROM stats WHERE name = 'json_tokenizer_failure'"), 1);
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM slice WHERE name = 'trailing'"), 1);
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM slice WHERE name = 'argsfirst' AND "
                          "extract_arg(arg_set_id, 'args.late') = 1"), 1);
  EXPECT_EQ(QueryText(&tp, "SELECT str_value FROM metadata WHERE name = 'json_metadata.source'"),
            "unit test");
  EXPECT_EQ(QueryInt(&tp, "SELECT int_value FROM metadata WHERE name = 'json_metadata.n'"), 8);
}

TEST(TraceProcessorTest, ChunkedParsingIsIdentical) {
  ExpectChunkInvariant(kCoreTrace);
}

TEST(TraceProcessorTest, ChunkedBareArray) {
  // A bare array without its closing bracket (allowed by the format).
  ExpectChunkInvariant(R"([{"name":"A","ph":"X","ts":1,"dur":2,"pid":1,"tid":1},
    {"name":"B","ph":"B","ts":1.5,"pid":1,"tid":1},
    {"name":"B","ph":"E","ts":2.5,"pid":1,"tid":1})");
}

// Regression: a chunk boundary right after a '-' sign used to fail the
// trace (see JsonLexerTest.NumberSignAloneNeedsMore).
TEST(TraceProcessorTest, ChunkedNegativeNumbers) {
  ExpectChunkInvariant(kNegativeNumbersTrace);
}

// The json_display_time_unit stat must not depend on where chunk
// boundaries fall (the value may be cut and re-read).
TEST(TraceProcessorTest, ChunkedDisplayTimeUnitCountedOnce) {
  for (size_t chunk : {1u, 2u, 3u, 1000u}) {
    TraceProcessor tp;
    std::string trace = kDisplayTimeUnitTrace;
    const auto* data = reinterpret_cast<const uint8_t*>(trace.data());
    for (size_t off = 0; off < trace.size(); off += chunk) {
      ASSERT_TRUE(tp.Parse(data + off, std::min(chunk, trace.size() - off)).ok());
    }
    ASSERT_TRUE(tp.NotifyEndOfFile().ok());
    EXPECT_EQ(QueryInt(&tp, "SELECT value FROM stats WHERE name = 'json_display_time_unit'"), 1)
        << "chunk " << chunk;
  }
}

TEST(TraceProcessorTest, Errors) {
  {
    TraceProcessor tp;
    EXPECT_TRUE(tp.NotifyEndOfFile().ok()) << "zero bytes: an empty trace, as in Perfetto";
  }
  {
    TraceProcessor tp;
    EXPECT_FALSE(LoadWhole(&tp, "   \n").ok()) << "whitespace only";
  }
  {
    TraceProcessor tp;
    EXPECT_FALSE(LoadWhole(&tp, "hello").ok()) << "unknown format";
  }
  {
    TraceProcessor tp;
    Status s = LoadWhole(&tp, "{\"traceEvents\": [{\"ph\":\"X\",\"ts");
    EXPECT_FALSE(s.ok()) << "cut inside the first event: nothing to show";
  }
  {
    TraceProcessor tp;
    Status s = LoadWhole(&tp, "{\"traceEvents\": []} x");
    EXPECT_FALSE(s.ok()) << "trailing garbage";
  }
  {
    TraceProcessor tp;
    Status s = LoadWhole(&tp, "{\n\"traceEvents\" 1}");
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("line 2"), std::string::npos) << s.message();
  }
}

// A trace cut short loads what precedes the cut and says where it stops.
TEST(TraceProcessorTest, TruncatedTraceLoadsWhatPrecedesTheCut) {
  const std::string trace =
      "{\"traceEvents\": [{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1},\n"
      "{\"ph\":\"B\",\"name\":\"open\",\"ts\":2,\"pid\":1,\"tid\":1},\n{\"ph\":\"X\",\"na";
  const int64_t cut = static_cast<int64_t>(trace.rfind('{'));
  for (size_t chunk : {size_t{1}, size_t{7}, trace.size()}) {
    TraceProcessor tp;
    Status s;
    for (size_t i = 0; i < trace.size() && s.ok(); i += chunk) {
      s = tp.Parse(reinterpret_cast<const uint8_t*>(trace.data()) + i,
                   std::min(chunk, trace.size() - i));
    }
    ASSERT_TRUE(s.ok()) << s.message();
    ASSERT_TRUE(tp.NotifyEndOfFile().ok());
    EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM slice"), 2) << "chunk " << chunk;
    EXPECT_EQ(QueryInt(&tp, "SELECT dur FROM slice WHERE name = 'open'"), -1);
    EXPECT_EQ(QueryInt(&tp, "SELECT value FROM stats WHERE name = 'truncated_trace' "
                            "AND severity = 'data_loss'"), cut);
    EXPECT_EQ(QueryInt(&tp, "SELECT byte_offset FROM _trace_import_logs "
                            "WHERE name = 'truncated_trace'"), cut);
    EXPECT_EQ(tp.load_warning().find("trace truncated at byte " + std::to_string(cut) +
                                     ": showing what precedes it"), 0u) << tp.load_warning();
  }
}

// A malformed event in the middle is skipped; the events after it load.
TEST(TraceProcessorTest, MalformedEventIsSkipped) {
  TraceProcessor tp;
  ASSERT_TRUE(LoadWhole(&tp, "[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1},\n"
                             "{\"ph\" 1},\n{\"ph\":\"X\",\"ts\":5,\"dur\":1,\"pid\":1,\"tid\":1}]")
                  .ok());
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM slice"), 2);
  EXPECT_EQ(QueryInt(&tp, "SELECT value FROM stats WHERE name = 'json_tokenizer_failure'"), 1);
  EXPECT_EQ(tp.load_warning(), "");
}

TEST(TraceProcessorTest, QueryErrorsNamePosition) {
  TraceProcessor tp;
  ASSERT_TRUE(LoadWhole(&tp, "[]").ok());
  Status s = tp.ExecuteQuery("SELECT\n  bogus FROM slice", [](sqlite3_stmt*) { return Status::Ok(); });
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("line 2"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("column 3"), std::string::npos) << s.message();
}

// Tables, views, triggers and temp objects made by SQL are gone after
// RestoreInitialTables; the trace's own tables answer as before.
TEST(TraceProcessorTest, RestoreInitialTablesDropsWhatSqlCreated) {
  TraceProcessor tp;
  ASSERT_TRUE(LoadWhole(&tp, kCoreTrace).ok());
  int64_t slices = QueryInt(&tp, "SELECT count(*) FROM slice");
  int64_t objects = QueryInt(&tp, "SELECT count(*) FROM sqlite_schema");
  Status s = tp.ExecuteQuery(
      "CREATE TABLE t AS SELECT * FROM slice; CREATE VIEW v AS SELECT 1 AS x;"
      "CREATE TEMP TABLE tt(a); CREATE INDEX ti ON t(ts);"
      "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;",
      [](sqlite3_stmt*) { return Status::Ok(); });
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM t"), slices);
  tp.RestoreInitialTables();
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM sqlite_schema"), objects);
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM sqlite_temp_schema"), 0);
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM slice"), slices);
  // The names are free again.
  s = tp.ExecuteQuery("CREATE TABLE t(a); CREATE VIEW v AS SELECT 2;",
                      [](sqlite3_stmt*) { return Status::Ok(); });
  EXPECT_TRUE(s.ok()) << s.message();
}

// A magic record and one complete event on an inline thread (shorter than
// the format head): FXT is recognised by its magic number record.
TEST(TraceProcessorTest, SniffsFuchsiaTraces) {
  const uint64_t words[] = {0x0016547846040010ULL,
                            4 | 5 << 4 | uint64_t{4} << 16, 5, 1, 2, 9};
  std::string trace(reinterpret_cast<const char*>(words), sizeof(words));
  TraceProcessor tp;
  Status s = LoadWhole(&tp, trace);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(tp.format_name(), "fxt");
  EXPECT_EQ(QueryInt(&tp, "SELECT dur FROM slice"), 4);
}

// Protobuf fields for the protobuf test below.
std::string VarintField(uint32_t field, uint64_t v) {
  std::string out;
  protozero::pbf_writer(out).add_uint64(field, v);
  return out;
}
std::string BytesField(uint32_t field, const std::string& bytes) {
  std::string out;
  protozero::pbf_writer(out).add_bytes(field, bytes);
  return out;
}

// A query in the middle of a load sees the rows so far and leaves the load
// open: the layout is computed once, at the end of the file, over every
// track (it used to be computed at the first query and never again).
TEST(TraceProcessorTest, QueryDuringLoadDoesNotFinalize) {
  const std::string trace = kCoreTrace;
  TraceProcessor whole;
  ASSERT_TRUE(LoadWhole(&whole, trace).ok());
  const std::string kLayoutCounts =
      "SELECT (SELECT count(*) FROM track_group) || '/' || "
      "(SELECT count(*) FROM slice_layout) || '/' || (SELECT count(*) FROM slice)";
  std::string expected = QueryText(&whole, kLayoutCounts);
  ASSERT_NE(expected, "0/0/0");

  TraceProcessor tp;
  const auto* data = reinterpret_cast<const uint8_t*>(trace.data());
  size_t half = trace.size() / 2;
  ASSERT_TRUE(tp.Parse(data, half).ok());
  EXPECT_EQ(tp.load_state(), TraceProcessor::LoadState::kLoading);
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM slice_layout"), 0);
  EXPECT_EQ(tp.load_state(), TraceProcessor::LoadState::kLoading);
  ASSERT_TRUE(tp.Parse(data + half, trace.size() - half).ok());
  ASSERT_TRUE(tp.NotifyEndOfFile().ok());
  EXPECT_EQ(tp.load_state(), TraceProcessor::LoadState::kReady);
  EXPECT_EQ(QueryText(&tp, kLayoutCounts), expected);
  EXPECT_FALSE(tp.Parse(data, 1).ok()) << "no bytes after the end of the file";
}

// Queries between chunks of a protobuf trace of many sorting windows see
// the packets parsed so far while the parser thread works on (run under
// ThreadSanitizer by test/pipeline/pipeline_test.py).
TEST(TraceProcessorTest, QueriesDuringAProtobufLoad) {
  std::string trace;
  const int kEvents = 20000;
  for (int i = 0; i < kEvents; ++i) {
    // TracePacket: timestamp 8, trusted_packet_sequence_id 10, track_event
    // 11 (type 9 = INSTANT, name 23).
    std::string event = VarintField(9, 3) + BytesField(23, "e" + std::to_string(i % 10));
    trace += BytesField(1, VarintField(8, 1000 + i) + VarintField(10, 1) + BytesField(11, event));
    if (i % 500 == 499) {  // Service events (69): flushed (3), read buffers completed (4).
      for (uint32_t field : {3u, 4u}) {
        trace += BytesField(1, VarintField(8, 1000 + i) + VarintField(10, 1000) +
                           BytesField(69, VarintField(field, 1)));
      }
    }
  }
  TraceProcessor tp;
  int64_t last = 0;
  const size_t kChunk = 16384;
  for (size_t off = 0; off < trace.size(); off += kChunk) {
    size_t n = std::min(kChunk, trace.size() - off);
    ASSERT_TRUE(tp.Parse(reinterpret_cast<const uint8_t*>(trace.data()) + off, n).ok());
    int64_t now = QueryInt(&tp, "SELECT count(*) FROM slice");
    EXPECT_GE(now, last);
    last = now;
  }
  EXPECT_GT(last, 0) << "windows were parsed before the end of the file";
  EXPECT_LT(last, kEvents);
  ASSERT_TRUE(tp.NotifyEndOfFile().ok());
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM slice"), kEvents);
  EXPECT_EQ(QueryInt(&tp, "SELECT count(*) FROM slice_layout"), kEvents)
      << "the layout covers the whole trace, not the part before the first query";
}

}  // namespace
}  // namespace weft
