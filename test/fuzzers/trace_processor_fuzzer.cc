// libFuzzer target for the trace importers. Feeds the input to a
// TraceProcessor in two or three chunks (split points derived from the input
// so the fuzzer also explores chunk boundaries inside tokens), finalizes, and
// reads every slice row back. One input in kQueryEvery (chosen by content, so
// a crash reproduces) also runs the built-in analyses and a few queries over
// the resulting tables: the SQL engine costs ~10x importing a small input,
// and the importers are what these targets are for (SQL over any trace is
// also fuzzed by rpc_fuzzer). The format is sniffed from the input, so one
// source serves every importer; each importer's target differs only by its
// seed corpus and dictionary (tools/fuzz).
//
//   tools/build --fuzzer && tools/fuzz json 60     (or: proto, fxt)
//   out/host/json_importer_fuzzer FILE...   (replay, non-fuzzer builds)
#include <sqlite3.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "src/storage/string_pool.h"
#include "src/trace/trace_processor.h"
#include "test/fuzzers/split_points.h"

namespace {

// Steps every row of a statement, touching each column so the virtual table
// code materializes the values.
weft::Status StepAll(sqlite3_stmt* stmt) {
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    int cols = sqlite3_column_count(stmt);
    for (int i = 0; i < cols; ++i) {
      switch (sqlite3_column_type(stmt, i)) {
        case SQLITE_TEXT:
          (void)sqlite3_column_text(stmt, i);
          break;
        case SQLITE_FLOAT:
          (void)sqlite3_column_double(stmt, i);
          break;
        default:
          (void)sqlite3_column_int64(stmt, i);
          break;
      }
    }
  }
  if (rc != SQLITE_DONE) return weft::ErrStatus("step failed: %d", rc);
  return weft::Status::Ok();
}

constexpr uint32_t kQueryEvery = 8;

// Reads every column of every slice row (what a query of `slice` would).
// Unsigned: the sum of values taken from the input may wrap.
uint64_t ReadSlices(const weft::SliceTable& slice) {
  uint64_t sum = 0;
  for (uint32_t r = 0; r < slice.row_count(); ++r) {
    sum += static_cast<uint64_t>(slice.ts[r]) + static_cast<uint64_t>(slice.dur[r]) +
           static_cast<uint64_t>(slice.depth[r]) + static_cast<uint64_t>(slice.track_id[r]) +
           static_cast<uint64_t>(slice.name[r]) + static_cast<uint64_t>(slice.parent_id[r]);
  }
  return sum;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The string pool's hash of the input picks which inputs also run SQL.
  const bool with_queries =
      weft::StringPool::Hash(std::string_view(reinterpret_cast<const char*>(data), size)) %
          kQueryEvery ==
      0;
  weft::TraceConfig config;
  config.no_builtin_analyses = !with_queries;
  weft::TraceProcessor tp(config);
  const auto bounds = weft::SplitPoints(data, size);
  for (int i = 0; i < 3; ++i) {
    size_t begin = bounds[i], end = bounds[i + 1];
    if (end <= begin) continue;
    if (!tp.Parse(data + begin, end - begin).ok()) break;
  }
  // Even after a parse error, finalize and query: the tables must stay
  // consistent whatever was imported before the error.
  (void)tp.NotifyEndOfFile();
  volatile uint64_t sink = ReadSlices(tp.storage()->slice);
  (void)sink;
  if (!with_queries) return 0;
  (void)tp.ExecuteQuery("select count(*) from slice", StepAll);
  (void)tp.ExecuteQuery("select * from args limit 10", StepAll);
  (void)tp.ExecuteQuery(
      "select s.ts, s.dur, s.depth, s.name, t.name from slice s "
      "left join thread_track t on s.track_id = t.id limit 10",
      StepAll);
  return 0;
}
