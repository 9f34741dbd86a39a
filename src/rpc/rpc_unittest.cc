// Tests of the RPC layer: stream framing, dispatch, QueryResult batches and
// error responses for malformed or unknown requests.
#include "src/rpc/rpc.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace_processor/trace_processor.fields.h"
#include "src/rpc/proto_encoder.h"
#include "src/rpc/query_result_writer.h"
#include "src/rpc/rpc_stream_reader.h"

namespace weft {
namespace {

using protozero::pbf_reader;
namespace rpc = pb::trace_processor_rpc;
namespace method = pb::trace_processor_rpc_trace_processor_method;
namespace cells_batch = pb::query_result_cells_batch;
namespace cell_type = pb::query_result_cells_batch_cell_type;

// One decoded response message (only what the tests look at).
struct Response {
  int64_t seq = -1;
  uint32_t method = 0;
  bool has_invalid_request = false;
  uint32_t invalid_request = 0;
  std::string fatal_error;
  std::string error;  // append/finalize/query error.
  std::string load_warning;  // FinalizeDataResult.weft_load_warning.
  int64_t total_bytes = -1;
  std::vector<std::string> columns;
  std::string cells;
  std::vector<int64_t> varints;
  std::vector<double> doubles;
  std::vector<std::string> strings;
  std::vector<std::string> blobs;
  bool is_last_batch = false;
  size_t float64_offset = 0;  // Offset of float64 payload in the sent buffer.
  std::string api_version_and_name;
};

// Decoders of the responses (protozero throws, failing the test, on
// malformed ones).
void DecodeBatch(const uint8_t* base, pbf_reader batch, Response* r) {
  while (batch.next()) {
    switch (batch.tag()) {
      case cells_batch::kCells:
        r->cells += batch.get_string();
        break;
      case cells_batch::kVarintCells:
        for (int64_t v : batch.get_packed_int64()) r->varints.push_back(v);
        break;
      case cells_batch::kFloat64Cells: {
        protozero::data_view v = batch.get_view();
        r->float64_offset = static_cast<size_t>(reinterpret_cast<const uint8_t*>(v.data()) - base);
        for (size_t i = 0; i + 8 <= v.size(); i += 8) {
          double d;
          memcpy(&d, v.data() + i, 8);
          r->doubles.push_back(d);
        }
        break;
      }
      case cells_batch::kStringCells: {
        std::string s = batch.get_string();
        size_t start = 0;
        for (size_t i = 0; i < s.size(); ++i) {
          if (s[i] == '\0') {
            r->strings.push_back(s.substr(start, i - start));
            start = i + 1;
          }
        }
        break;
      }
      case cells_batch::kBlobCells:
        r->blobs.push_back(batch.get_string());
        break;
      case cells_batch::kIsLastBatch:
        r->is_last_batch = batch.get_bool();
        break;
      default:
        batch.skip();
    }
  }
}

void DecodeQueryResult(const uint8_t* base, pbf_reader result, Response* r) {
  while (result.next()) {
    switch (result.tag()) {
      case pb::query_result::kColumnNames:
        r->columns.push_back(result.get_string());
        break;
      case pb::query_result::kError:
        r->error = result.get_string();
        break;
      case pb::query_result::kBatch:
        DecodeBatch(base, result.get_message(), r);
        break;
      default:
        result.skip();
    }
  }
}

Response DecodeRpc(const uint8_t* base, const uint8_t* data, size_t size) {
  Response r;
  pbf_reader msg(reinterpret_cast<const char*>(data), size);
  while (msg.next()) {
    switch (msg.tag()) {
      case rpc::kSeq:
        r.seq = msg.get_int64();
        break;
      case rpc::kResponse:
        r.method = msg.get_uint32();
        break;
      case rpc::kInvalidRequest:
        r.has_invalid_request = true;
        r.invalid_request = msg.get_uint32();
        break;
      case rpc::kFatalError:
        r.fatal_error = msg.get_string();
        break;
      case rpc::kAppendResult: {
        pbf_reader sub = msg.get_message();
        while (sub.next()) {
          if (sub.tag() == pb::append_trace_data_result::kError) {
            r.error = sub.get_string();
          } else if (sub.tag() == pb::append_trace_data_result::kTotalBytesParsed) {
            r.total_bytes = sub.get_int64();
          } else {
            sub.skip();
          }
        }
        break;
      }
      case rpc::kFinalizeDataResult: {
        pbf_reader sub = msg.get_message();
        while (sub.next()) {
          if (sub.tag() == pb::finalize_data_result::kError) {
            r.error = sub.get_string();
          } else if (sub.tag() == pb::finalize_data_result::kWeftLoadWarning) {
            r.load_warning = sub.get_string();
          } else {
            sub.skip();
          }
        }
        break;
      }
      case rpc::kStatus: {
        pbf_reader sub = msg.get_message();
        while (sub.next()) {
          if (sub.tag() == pb::status_result::kApiVersion) {
            r.api_version_and_name += std::to_string(sub.get_int32());
          } else if (sub.tag() == pb::status_result::kHumanReadableVersion) {
            r.api_version_and_name += sub.get_string();
          } else {
            sub.skip();
          }
        }
        break;
      }
      case rpc::kQueryResult:
        DecodeQueryResult(base, msg.get_message(), &r);
        break;
      default:
        msg.skip();
    }
  }
  return r;
}

// Runs an Rpc and collects its decoded responses.
class RpcHarness {
 public:
  RpcHarness()
      : rpc_([this](const uint8_t* data, size_t size) {
          raw_.emplace_back(reinterpret_cast<const char*>(data), size);
          RpcStreamReader reader;
          Status s = reader.Feed(data, size, [&](const uint8_t* msg, size_t len) {
            responses_.push_back(DecodeRpc(data, msg, len));
          });
          EXPECT_TRUE(s.ok()) << s.message();
          EXPECT_EQ(reader.buffered_bytes(), 0u);  // Whole messages only.
        }) {}

  void Send(const std::string& bytes, size_t chunk = 0) {
    if (chunk == 0) chunk = bytes.size() ? bytes.size() : 1;
    for (size_t off = 0; off < bytes.size(); off += chunk) {
      rpc_.OnRpcRequest(bytes.data() + off, std::min(chunk, bytes.size() - off));
    }
  }
  std::vector<Response> Take() { return std::move(responses_); }
  std::vector<std::string>& raw() { return raw_; }

 private:
  std::vector<Response> responses_;
  std::vector<std::string> raw_;
  Rpc rpc_;
};

std::string Request(int64_t seq, uint32_t method, uint32_t arg_field = 0,
                    const std::string& arg = "") {
  ProtoEncoder enc;
  size_t msg = enc.BeginNested(pb::trace_processor_rpc_stream::kMsg);
  enc.AppendInt64(rpc::kSeq, seq);
  enc.AppendVarint(rpc::kRequest, method);
  if (arg_field) enc.AppendString(arg_field, arg);
  enc.EndNested(msg);
  return enc.data();
}

std::string QueryRequest(int64_t seq, const std::string& sql) {
  ProtoEncoder args;
  args.AppendString(pb::query_args::kSqlQuery, sql);
  return Request(seq, method::kTpmQueryStreaming, rpc::kQueryArgs, args.data());
}

const char kTrace[] =
    R"({"traceEvents": [
  {"name": "thread_name", "ph": "M", "pid": 1, "tid": 2, "args": {"name": "Main"}},
  {"name": "A", "ph": "X", "ts": 10, "dur": 5, "pid": 1, "tid": 2},
  {"name": "B", "ph": "X", "ts": 11, "dur": 2, "pid": 1, "tid": 2},
  {"name": "C", "ph": "C", "ts": 12, "pid": 1, "args": {"v": 1.5}}
]})";

std::string LoadRequests() {
  return Request(1, method::kTpmAppendTraceData, rpc::kAppendTraceData, kTrace) +
         Request(2, method::kTpmFinalizeTraceData);
}

TEST(RpcTest, AppendFinalizeQuery) {
  RpcHarness h;
  h.Send(LoadRequests() +
         QueryRequest(3, "select name, ts, dur / 2.0 as half, null as n, x'0102' as b "
                         "from slice order by ts"));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 3u);
  EXPECT_EQ(rs[0].seq, 1);
  EXPECT_EQ(rs[0].method, method::kTpmAppendTraceData);
  EXPECT_EQ(rs[0].total_bytes, static_cast<int64_t>(strlen(kTrace)));
  EXPECT_EQ(rs[0].error, "");
  EXPECT_EQ(rs[1].seq, 2);
  EXPECT_EQ(rs[1].method, method::kTpmFinalizeTraceData);
  EXPECT_EQ(rs[1].error, "");
  const Response& q = rs[2];
  EXPECT_EQ(q.seq, 3);
  EXPECT_EQ(q.method, method::kTpmQueryStreaming);
  EXPECT_EQ(q.columns, (std::vector<std::string>{"name", "ts", "half", "n", "b"}));
  EXPECT_TRUE(q.is_last_batch);
  std::string types;
  for (int i = 0; i < 2; ++i) {
    types += std::string{cell_type::kCellString, cell_type::kCellVarint, cell_type::kCellFloat64, cell_type::kCellNull, cell_type::kCellBlob};
  }
  EXPECT_EQ(q.cells, types);
  EXPECT_EQ(q.strings, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(q.varints, (std::vector<int64_t>{10000, 11000}));
  EXPECT_EQ(q.doubles, (std::vector<double>{2500, 1000}));
  EXPECT_EQ(q.blobs, (std::vector<std::string>{"\x01\x02", "\x01\x02"}));
  EXPECT_EQ(q.float64_offset % 8, 0u);
}

TEST(RpcTest, RequestsSplitAtAnyByteGiveSameResponses) {
  std::string requests = LoadRequests() + QueryRequest(3, "select name, dur from slice");
  RpcHarness whole;
  whole.Send(requests);
  for (size_t chunk : {1, 2, 3, 7, 64}) {
    RpcHarness split;
    split.Send(requests, chunk);
    EXPECT_EQ(split.raw(), whole.raw()) << "chunk " << chunk;
  }
}

TEST(RpcTest, SqlErrorNamesPosition) {
  RpcHarness h;
  h.Send(LoadRequests() + QueryRequest(7, "select 1;\nselect nope from slice"));
  auto rs = h.Take();
  ASSERT_GE(rs.size(), 3u);
  const Response& last = rs.back();
  // Responses are numbered 1, 2, 3, ... whatever the requests' seq.
  EXPECT_EQ(last.seq, static_cast<int64_t>(rs.size()));
  EXPECT_TRUE(last.is_last_batch);
  EXPECT_NE(last.error.find("nope"), std::string::npos) << last.error;
  EXPECT_NE(last.error.find("line 2"), std::string::npos) << last.error;
}

TEST(RpcTest, MultipleStatementsStreamEachResultSet) {
  RpcHarness h;
  h.Send(LoadRequests() +
         QueryRequest(3, "create table t(x); select 1 as a; insert into t values (5); "
                         "select x from t; select 2 as c where 0"));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 5u);
  EXPECT_EQ(rs[2].columns, std::vector<std::string>{"a"});
  EXPECT_EQ(rs[2].varints, std::vector<int64_t>{1});
  EXPECT_FALSE(rs[2].is_last_batch);
  EXPECT_EQ(rs[3].columns, std::vector<std::string>{"x"});
  EXPECT_EQ(rs[3].varints, std::vector<int64_t>{5});
  EXPECT_EQ(rs[4].columns, std::vector<std::string>{"c"});
  EXPECT_EQ(rs[4].cells, "");
  EXPECT_TRUE(rs[4].is_last_batch);
}

TEST(RpcTest, LargeResultIsBatchedByWholeRows) {
  RpcHarness h;
  h.Send(LoadRequests() +
         QueryRequest(4,
                      "with recursive n(i) as (select 1 union all select i + 1 from n "
                      "where i < 40000) select i, i * 0.5, 'row' || i from n"));
  auto rs = h.Take();
  ASSERT_GT(rs.size(), 4u);
  size_t cells = 0, rows_strings = 0;
  for (size_t i = 2; i < rs.size(); ++i) {
    EXPECT_EQ(rs[i].seq, static_cast<int64_t>(i + 1));
    EXPECT_EQ(rs[i].cells.size() % 3, 0u);
    EXPECT_LE(rs[i].cells.size(), QueryResultWriter::kMaxCellsPerBatch + 2);
    EXPECT_EQ(rs[i].is_last_batch, i + 1 == rs.size());
    EXPECT_EQ(rs[i].columns.size(), i == 2 ? 3u : 0u);
    if (!rs[i].doubles.empty()) {
      EXPECT_EQ(rs[i].float64_offset % 8, 0u);
    }
    cells += rs[i].cells.size();
    rows_strings += rs[i].strings.size();
  }
  EXPECT_EQ(cells, 120000u);
  EXPECT_EQ(rows_strings, 40000u);
  EXPECT_EQ(rs.back().strings.back(), "row40000");
}

TEST(RpcTest, MalformedTraceIsReportedInAppendResult) {
  RpcHarness h;
  h.Send(Request(1, method::kTpmAppendTraceData, rpc::kAppendTraceData, "{\"traceEvents\": [{]") +
         Request(2, method::kTpmFinalizeTraceData));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_NE(rs[0].error + rs[1].error, "");
  EXPECT_NE(rs[1].error, "");
}

TEST(RpcTest, TruncatedTraceLoadsWithAWarning) {
  RpcHarness h;
  const std::string cut = "[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"pid\":1,\"tid\":1},{\"ph\":";
  h.Send(Request(1, method::kTpmAppendTraceData, rpc::kAppendTraceData, cut) +
         Request(2, method::kTpmFinalizeTraceData));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_EQ(rs[0].error + rs[1].error, "");
  std::string expected = "trace truncated at byte " + std::to_string(cut.rfind('{')) +
                         ": showing what precedes it";
  EXPECT_EQ(rs[1].load_warning.find(expected), 0u) << rs[1].load_warning;
}

TEST(RpcTest, UnknownMethodGetsInvalidRequest) {
  RpcHarness h;
  h.Send(Request(9, 6 /* TPM_ENABLE_METATRACE */) + Request(10, 999));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_TRUE(rs[0].has_invalid_request);
  EXPECT_EQ(rs[0].invalid_request, 6u);
  EXPECT_EQ(rs[0].seq, 1);
  EXPECT_EQ(rs[1].invalid_request, 999u);
}

TEST(RpcTest, MalformedInputGetsFatalError) {
  RpcHarness h;
  h.Send(std::string("\x12\x03xyz", 5));  // Wrong stream field.
  h.Send(std::string("\x0a\x02\xff\xff", 4));  // Truncated varint inside.
  h.Send(std::string("\x0a\x02\x10\x01", 4) /* no seq, ok */ + Request(3, method::kTpmGetStatus));
  h.Send(std::string("\x0a\x01\x08", 3));  // Seq without value.
  h.Send(std::string("\x0a\x02\x08\x05", 4));  // No method.
  ProtoEncoder bad_args;
  bad_args.AppendString(pb::query_args::kSqlQuery, "select 1");
  std::string truncated = bad_args.data().substr(0, 4);
  h.Send(Request(11, method::kTpmQueryStreaming, rpc::kQueryArgs, truncated));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 7u);
  EXPECT_NE(rs[0].fatal_error.find("malformed"), std::string::npos);
  EXPECT_NE(rs[1].fatal_error, "");
  EXPECT_EQ(rs[2].method, method::kTpmAppendTraceData);  // Empty append.
  EXPECT_EQ(rs[3].method, method::kTpmGetStatus);
  EXPECT_EQ(rs[3].seq, 4);
  EXPECT_NE(rs[4].fatal_error, "");
  EXPECT_NE(rs[5].fatal_error.find("method"), std::string::npos);
  EXPECT_EQ(rs[5].seq, 6);
  EXPECT_EQ(rs[6].error, "malformed QueryArgs");
  EXPECT_TRUE(rs[6].is_last_batch);
}

// |payload| as one TraceProcessorRpcStream message (valid framing).
std::string Frame(const std::string& payload) {
  ProtoEncoder enc;
  enc.AppendString(pb::trace_processor_rpc_stream::kMsg, payload);
  return enc.data();
}

// The TraceProcessorRpc message inside a one-message stream.
std::string Payload(const std::string& framed) {
  RpcStreamReader reader;
  std::string payload;
  Status s = reader.Feed(reinterpret_cast<const uint8_t*>(framed.data()), framed.size(),
                         [&](const uint8_t* msg, size_t len) {
                           payload.assign(reinterpret_cast<const char*>(msg), len);
                         });
  EXPECT_TRUE(s.ok());
  return payload;
}

TEST(RpcTest, InvalidTagsAndWireTypesGetFatalError) {
  RpcHarness h;
  h.Send(Frame(std::string("\xc0\xa3\x09\x01", 4)));  // Field 19000: reserved.
  h.Send(Frame(std::string("\x10\x03\x1b", 3)));      // Wire type 3 (group).
  h.Send(Frame(std::string("\x10\x03\x1f", 3)));      // Wire type 7.
  h.Send(Frame(std::string("\x10\x03\xba\x06\x7f", 5)));  // query_args past the end.
  h.Send(Request(5, method::kTpmGetStatus));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 5u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(rs[i].fatal_error, "malformed TraceProcessorRpc message") << i;
  }
  EXPECT_EQ(rs[4].method, method::kTpmGetStatus);
}

// Every prefix of valid requests, and pseudo-random bytes, framed as
// messages: each gets a decodable response and the Rpc keeps serving.
TEST(RpcTest, TruncatedAndGarbageRequestsGetResponses) {
  ProtoEncoder reset_args;
  reset_args.AppendVarint(pb::reset_trace_processor_args::kAnalyzeTraceProtoContent, 1);
  reset_args.AppendVarint(pb::reset_trace_processor_args::kWeftFullSort, 1);
  std::vector<std::string> payloads = {
      Payload(QueryRequest(1, "select 1")),
      Payload(Request(2, method::kTpmAppendTraceData, rpc::kAppendTraceData, "[]")),
      Payload(Request(3, method::kTpmResetTraceProcessor, rpc::kResetTraceProcessorArgs,
                      reset_args.data())),
  };
  uint32_t rng = 12345;
  for (int n = 0; n < 200; ++n) {
    std::string garbage;
    for (int i = 0; i < n % 23; ++i) {
      rng = rng * 1103515245 + 12345;
      garbage.push_back(static_cast<char>(rng >> 16));
    }
    payloads.push_back(garbage);
  }
  RpcHarness h;
  size_t requests = 0;
  for (const std::string& payload : payloads) {
    for (size_t len = 0; len <= payload.size(); ++len) {
      h.Send(Frame(payload.substr(0, len)));
      ++requests;
    }
  }
  h.Send(Request(0, method::kTpmResetTraceProcessor) + LoadRequests() +
         QueryRequest(0, "select count(*) from slice"));
  auto rs = h.Take();
  // At least one response per request (a query may send several).
  EXPECT_GE(rs.size(), requests + 4);
  EXPECT_EQ(rs.back().varints, std::vector<int64_t>{2});
}

TEST(RpcTest, StatusAndReset) {
  RpcHarness h;
  h.Send(LoadRequests() + Request(3, method::kTpmGetStatus) +
         Request(4, method::kTpmResetTraceProcessor) +
         QueryRequest(5, "select count(*) from slice") +
         Request(6, method::kTpmAppendTraceData, rpc::kAppendTraceData, kTrace) +
         Request(7, method::kTpmFinalizeTraceData) + QueryRequest(8, "select count(*) from slice"));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 8u);
  EXPECT_EQ(rs[2].api_version_and_name, "weft 0.114");
  EXPECT_EQ(rs[3].method, method::kTpmResetTraceProcessor);
  EXPECT_EQ(rs[4].varints, std::vector<int64_t>{0});
  EXPECT_EQ(rs[5].total_bytes, static_cast<int64_t>(strlen(kTrace)));
  EXPECT_EQ(rs[7].varints, std::vector<int64_t>{2});
}

// A protobuf trace with a range of interest starting at 12 us, and
// instants at 10 us and 13 us.
std::string CroppableProtoTrace() {
  ProtoEncoder enc;
  size_t packet = enc.BeginNested(1);
  size_t range = enc.BeginNested(90);  // track_event_range_of_interest
  enc.AppendVarint(1, 12);             // start_us
  enc.EndNested(range);
  enc.EndNested(packet);
  for (uint64_t ts : {10000, 13000}) {
    packet = enc.BeginNested(1);
    enc.AppendVarint(8, ts);           // timestamp
    enc.AppendVarint(10, 1);           // trusted_packet_sequence_id
    size_t event = enc.BeginNested(11);
    enc.AppendVarint(9, 3);            // TYPE_INSTANT
    enc.AppendString(23, "e");
    enc.EndNested(event);
    enc.EndNested(packet);
  }
  return enc.data();
}

TEST(RpcTest, ResetArgsCropTrackEvents) {
  RpcHarness h;
  ProtoEncoder crop;
  crop.AppendVarint(pb::reset_trace_processor_args::kDropTrackEventDataBefore,
                    pb::reset_trace_processor_args_drop_track_event_data_before::
                        kTrackEventRangeOfInterest);
  std::string load =
      Request(2, method::kTpmAppendTraceData, rpc::kAppendTraceData, CroppableProtoTrace()) +
      Request(3, method::kTpmFinalizeTraceData) + QueryRequest(4, "select count(*) from slice");
  h.Send(Request(1, method::kTpmResetTraceProcessor, rpc::kResetTraceProcessorArgs, crop.data()) +
         load + Request(5, method::kTpmResetTraceProcessor) + load);
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 8u);
  EXPECT_EQ(rs[3].varints, std::vector<int64_t>{1});  // Cropped.
  EXPECT_EQ(rs[7].varints, std::vector<int64_t>{2});  // Reset without args.
}

TEST(RpcTest, MalformedResetArgsResetWithDefaults) {
  RpcHarness h;
  std::string bad_args("\x08", 1);  // drop_track_event_data_before without a value.
  h.Send(Request(1, method::kTpmResetTraceProcessor, rpc::kResetTraceProcessorArgs, bad_args) +
         Request(2, method::kTpmAppendTraceData, rpc::kAppendTraceData, CroppableProtoTrace()) +
         Request(3, method::kTpmFinalizeTraceData) + QueryRequest(4, "select count(*) from slice"));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 4u);
  EXPECT_EQ(rs[0].method, method::kTpmResetTraceProcessor);
  EXPECT_EQ(rs[3].varints, std::vector<int64_t>{2});  // Not cropped.
}

TEST(RpcTest, RestoreInitialTables) {
  RpcHarness h;
  h.Send(LoadRequests() + QueryRequest(3, "create table t(a); create view v as select 1") +
         Request(4, method::kTpmRestoreInitialTables) + QueryRequest(5, "select * from t") +
         QueryRequest(6, "select count(*) from slice"));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 6u);
  EXPECT_EQ(rs[2].error, "");
  EXPECT_EQ(rs[3].method, method::kTpmRestoreInitialTables);
  EXPECT_FALSE(rs[3].has_invalid_request);
  EXPECT_NE(rs[4].error.find("no such table: t"), std::string::npos) << rs[4].error;
  EXPECT_EQ(rs[5].varints, std::vector<int64_t>{2});
}

TEST(RpcTest, AppendAfterFinalizeIsAnError) {
  RpcHarness h;
  h.Send(LoadRequests() + Request(3, method::kTpmAppendTraceData, rpc::kAppendTraceData, "x"));
  auto rs = h.Take();
  ASSERT_EQ(rs.size(), 3u);
  EXPECT_NE(rs[2].error.find("finalized"), std::string::npos);
}

}  // namespace
}  // namespace weft
