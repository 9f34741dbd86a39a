// Tests of the REST adapter over the Rpc: each endpoint's body is the
// result message of one RPC request.
#include "src/httpd/rpc_endpoints.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include <protozero/pbf_reader.hpp>
#include <protozero/pbf_writer.hpp>

#include "protos/perfetto/trace_processor/trace_processor.fields.h"

namespace weft {
namespace {

const char kTrace[] =
    R"({"traceEvents": [{"name": "A", "ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1},)"
    R"({"name": "B", "ph": "X", "ts": 5, "dur": 1, "pid": 1, "tid": 1}]})";

// The string field |id| of |message|, or "" if absent.
std::string StringField(const std::string& message, uint32_t id) {
  protozero::pbf_reader r(message);
  std::string value;
  while (r.next()) {
    if (r.tag() == id) {
      value = r.get_string();
    } else {
      r.skip();
    }
  }
  return value;
}

std::string QueryArgs(const std::string& sql) {
  std::string args;
  protozero::pbf_writer(args).add_string(pb::query_args::kSqlQuery, sql);
  return args;
}

void Load(RpcEndpoints* ep, const std::string& trace) {
  size_t half = trace.size() / 2;  // Two chunks, split mid-token.
  EXPECT_EQ(StringField(ep->Parse(trace.substr(0, half)), pb::append_trace_data_result::kError), "");
  EXPECT_EQ(StringField(ep->Parse(trace.substr(half)), pb::append_trace_data_result::kError), "");
  EXPECT_EQ(ep->NotifyEof(), "");  // An empty FinalizeDataResult, as upstream.
}

TEST(RpcEndpointsTest, StatusBeforeAndAfterLoad) {
  RpcEndpoints ep;
  std::string status = ep.Status();
  EXPECT_EQ(StringField(status, pb::status_result::kLoadedTraceName), "");
  EXPECT_NE(StringField(status, pb::status_result::kHumanReadableVersion), "");
  Load(&ep, kTrace);
  EXPECT_EQ(StringField(ep.Status(), pb::status_result::kLoadedTraceName), "json");
}

// The column names and the string cells of a QueryResult.
std::pair<std::string, std::string> ColumnsAndStrings(const std::string& body) {
  protozero::pbf_reader result(body);
  std::string columns, strings;
  while (result.next()) {
    if (result.tag() == pb::query_result::kColumnNames) {
      columns += result.get_string();
    } else if (result.tag() == pb::query_result::kBatch) {
      protozero::pbf_reader batch = result.get_message();
      while (batch.next(pb::query_result_cells_batch::kStringCells)) strings += batch.get_string();
    } else {
      result.skip();
    }
  }
  return {columns, strings};
}

TEST(RpcEndpointsTest, Query) {
  RpcEndpoints ep;
  Load(&ep, kTrace);
  auto [columns, strings] = ColumnsAndStrings(ep.Query(QueryArgs("select name from slice order by ts")));
  EXPECT_EQ(columns, "name");
  EXPECT_EQ(strings, std::string("A\0B\0", 4));
}

TEST(RpcEndpointsTest, QueryReturnsTheLastResultSet) {
  RpcEndpoints ep;
  Load(&ep, kTrace);
  auto [columns, strings] = ColumnsAndStrings(ep.Query(
      QueryArgs("create table t as select 'x' as a; select 'y' as b; select 'z' as c; "
                "create table u as select 1")));
  EXPECT_EQ(columns, "c");
  EXPECT_EQ(strings, std::string("z\0", 2));
}

TEST(RpcEndpointsTest, SqlErrorInResult) {
  RpcEndpoints ep;
  Load(&ep, kTrace);
  std::string body = ep.Query(QueryArgs("select nope from slice"));
  EXPECT_NE(StringField(body, pb::query_result::kError).find("nope"), std::string::npos);
}

TEST(RpcEndpointsTest, ParseErrorInResult) {
  RpcEndpoints ep;
  std::string result = ep.Parse("{\"traceEvents\": [{]");
  ep.NotifyEof();
  EXPECT_NE(StringField(ep.Parse("x"), pb::append_trace_data_result::kError), "");
  (void)result;
}

TEST(RpcEndpointsTest, MetricsAndMetatraceWithoutSupport) {
  RpcEndpoints ep;
  EXPECT_NE(StringField(ep.ComputeMetric(""), pb::compute_metric_result::kError).find("metrics"),
            std::string::npos);
  EXPECT_EQ(ep.EnableMetatrace(""), "");
  EXPECT_EQ(ep.DisableAndReadMetatrace(), "");
}

TEST(RpcEndpointsTest, StreamBytesPassThrough) {
  RpcEndpoints ep;
  std::string request;
  {
    protozero::pbf_writer stream(request);
    protozero::pbf_writer msg(stream, pb::trace_processor_rpc_stream::kMsg);
    msg.add_enum(pb::trace_processor_rpc::kRequest,
                 pb::trace_processor_rpc_trace_processor_method::kTpmGetStatus);
  }
  std::string out;
  // Split at every byte: the Rpc reassembles the message.
  for (char c : request) {
    ep.OnStreamBytes(std::string_view(&c, 1), [&](std::string_view b) { out.append(b); });
  }
  protozero::pbf_reader stream(out);
  ASSERT_TRUE(stream.next(pb::trace_processor_rpc_stream::kMsg));
  protozero::pbf_reader msg = stream.get_message();
  bool has_status = false;
  while (msg.next()) {
    has_status |= msg.tag() == pb::trace_processor_rpc::kStatus;
    msg.skip();
  }
  EXPECT_TRUE(has_status);
}

}  // namespace
}  // namespace weft
