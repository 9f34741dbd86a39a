// QueryResult batching and encoding; see query_result_writer.h.
#include "src/rpc/query_result_writer.h"

#include <utility>

#include "src/rpc/rpc_protocol.h"

namespace weft {

using namespace rpc_proto;

QueryResultWriter::QueryResultWriter(std::function<int64_t()> next_seq, SendFn send)
    : next_seq_(std::move(next_seq)), send_(std::move(send)) {}

Status QueryResultWriter::AddStatement(sqlite3_stmt* stmt) {
  // The rows of the previous statement end here; they were not the last.
  if (!cells_.empty() || !pending_columns_.empty()) SendBatch(false, "");
  ++statements_with_output_;
  const char* sql = sqlite3_sql(stmt);
  last_statement_sql_ = sql ? sql : "";
  int columns = sqlite3_column_count(stmt);
  for (int i = 0; i < columns; ++i) {
    const char* name = sqlite3_column_name(stmt, i);
    pending_columns_.push_back(name ? name : "");
  }
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    AddRow(stmt, columns);
    if (cells_.size() >= kMaxCellsPerBatch ||
        strings_.size() + blobs_.size() >= kMaxPayloadPerBatch) {
      SendBatch(false, "");
    }
  }
  if (rc != SQLITE_DONE) return Status::Error(sqlite3_errmsg(sqlite3_db_handle(stmt)));
  return Status::Ok();
}

void QueryResultWriter::AddRow(sqlite3_stmt* stmt, int columns) {
  for (int i = 0; i < columns; ++i) {
    switch (sqlite3_column_type(stmt, i)) {
      case SQLITE_INTEGER:
        cells_.push_back(CELL_VARINT);
        varints_.AppendRawVarint(static_cast<uint64_t>(sqlite3_column_int64(stmt, i)));
        break;
      case SQLITE_FLOAT:
        cells_.push_back(CELL_FLOAT64);
        float64s_.push_back(sqlite3_column_double(stmt, i));
        break;
      case SQLITE_TEXT: {
        cells_.push_back(CELL_STRING);
        auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, i));
        int n = sqlite3_column_bytes(stmt, i);
        if (text) strings_.append(text, static_cast<size_t>(n));
        strings_.push_back('\0');
        break;
      }
      case SQLITE_BLOB: {
        cells_.push_back(CELL_BLOB);
        const void* blob = sqlite3_column_blob(stmt, i);
        int n = sqlite3_column_bytes(stmt, i);
        blobs_.AppendBytes(kBatchBlobCells, blob, blob ? static_cast<size_t>(n) : 0);
        break;
      }
      default:
        cells_.push_back(CELL_NULL);
    }
  }
}

void QueryResultWriter::Finish(const Status& status) {
  SendBatch(true, status.ok() ? "" : status.message());
}

void QueryResultWriter::SendBatch(bool last, const std::string& error) {
  ProtoEncoder enc;
  size_t msg = enc.BeginNested(kStreamMsg);
  enc.AppendInt64(kRpcSeq, next_seq_());
  enc.AppendVarint(kRpcResponse, TPM_QUERY_STREAMING);
  size_t result = enc.BeginNested(kRpcQueryResult);
  for (const std::string& name : pending_columns_) enc.AppendString(kQueryColumnNames, name);
  pending_columns_.clear();
  if (!error.empty()) enc.AppendString(kQueryError, error);

  size_t batch = enc.BeginNested(kQueryBatch);
  if (!cells_.empty()) enc.AppendBytes(kBatchCells, cells_.data(), cells_.size());
  if (varints_.size()) enc.AppendBytes(kBatchVarintCells, varints_.data().data(), varints_.size());
  if (blobs_.size()) enc.AppendRaw(blobs_.data());  // Encoded blob_cells fields.
  if (!strings_.empty()) enc.AppendString(kBatchStringCells, strings_);
  if (last) enc.AppendVarint(kBatchIsLastBatch, 1);
  if (!float64s_.empty()) {
    size_t bytes = float64s_.size() * sizeof(double);
    enc.AlignNextPayload(kBatchPadding, kBatchFloat64Cells, bytes, 8);
    enc.AppendBytes(kBatchFloat64Cells, float64s_.data(), bytes);  // Little-endian hosts.
  }
  enc.EndNested(batch);

  if (last) {
    enc.AppendVarint(kQueryStatementWithOutputCount, statements_with_output_);
    if (!last_statement_sql_.empty()) enc.AppendString(kQueryLastStatementSql, last_statement_sql_);
  }
  enc.EndNested(result);
  enc.EndNested(msg);

  cells_.clear();
  varints_.Clear();
  float64s_.clear();
  blobs_.Clear();
  strings_.clear();
  send_(enc.data());
}

}  // namespace weft
