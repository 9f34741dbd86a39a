// QueryResultWriter: turns the rows of SQL statements into QueryResult
// response messages (TPM_QUERY_STREAMING). Cells are packed into CellsBatch
// batches of whole rows, cut at ~50k cells or ~128 KiB of string/blob
// payload, and each batch is sent as soon as it is full, so a large result
// never sits in memory as a whole. The first message of each result set
// carries its column names; the final message has is_last_batch (and the
// error, if any). float64_cells is 8-byte aligned within each sent buffer.
#ifndef SRC_RPC_QUERY_RESULT_WRITER_H_
#define SRC_RPC_QUERY_RESULT_WRITER_H_

#include <sqlite3.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "src/base/status.h"
#include "src/rpc/proto_encoder.h"

namespace weft {

class QueryResultWriter {
 public:
  static constexpr size_t kMaxCellsPerBatch = 50000;
  static constexpr size_t kMaxPayloadPerBatch = 128 * 1024;
  static constexpr size_t kMaxVarintSize = 10;

  // |send| receives each finished message as TraceProcessorRpcStream bytes.
  using SendFn = std::function<void(const std::string& stream_bytes)>;
  // |next_seq| numbers each message sent.
  QueryResultWriter(std::function<int64_t()> next_seq, SendFn send);

  // Streams every row of |stmt| (stepping it to the end) as a new result set.
  Status AddStatement(sqlite3_stmt* stmt);

  // Sends the last message: pending rows, is_last_batch, |status|'s error.
  void Finish(const Status& status);

  uint32_t statements_with_output() const { return statements_with_output_; }

 private:
  void AddRow(sqlite3_stmt* stmt, int columns);
  void SendBatch(bool last, const std::string& error);

  std::function<int64_t()> next_seq_;
  SendFn send_;
  uint32_t statements_with_output_ = 0;
  std::string last_statement_sql_;

  // The batch being filled.
  std::vector<std::string> pending_columns_;  // Sent with the next batch.
  // cells_ and varints_ only grow; their used lengths are kept apart.
  std::vector<uint8_t> cells_;                // One CellType byte per cell.
  size_t cells_size_ = 0;
  std::vector<uint8_t> varints_;              // Packed raw varints.
  size_t varints_size_ = 0;
  std::vector<double> float64s_;
  ProtoEncoder blobs_;                        // Encoded blob_cells fields.
  std::vector<char> strings_;                 // NUL-terminated strings.
};

}  // namespace weft

#endif  // SRC_RPC_QUERY_RESULT_WRITER_H_
