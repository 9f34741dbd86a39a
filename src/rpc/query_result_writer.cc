// QueryResult batching and encoding; see query_result_writer.h.
#include "src/rpc/query_result_writer.h"

#include <utility>

#include "protos/perfetto/trace_processor/trace_processor.fields.h"

namespace weft {

namespace rpc = pb::trace_processor_rpc;
namespace method = pb::trace_processor_rpc_trace_processor_method;
namespace cells_batch = pb::query_result_cells_batch;
namespace cell_type = pb::query_result_cells_batch_cell_type;

namespace {

uint8_t* WriteVarint(uint8_t* p, uint64_t value) {
  while (value >= 0x80) {
    *p++ = static_cast<uint8_t>(value | 0x80);
    value >>= 7;
  }
  *p++ = static_cast<uint8_t>(value);
  return p;
}

}  // namespace

QueryResultWriter::QueryResultWriter(std::function<int64_t()> next_seq, SendFn send)
    : next_seq_(std::move(next_seq)), send_(std::move(send)) {}

Status QueryResultWriter::AddStatement(sqlite3_stmt* stmt) {
  // The rows of the previous statement end here; they were not the last.
  if (cells_size_ || !pending_columns_.empty()) SendBatch(false, "");
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
    if (cells_size_ >= kMaxCellsPerBatch ||
        strings_.size() + blobs_.size() >= kMaxPayloadPerBatch) {
      SendBatch(false, "");
    }
  }
  if (rc != SQLITE_DONE) return Status::Error(sqlite3_errmsg(sqlite3_db_handle(stmt)));
  return Status::Ok();
}

// The hot loop of every query: cell types and varints are written through
// raw pointers into arrays that only grow (their used sizes are kept apart).
void QueryResultWriter::AddRow(sqlite3_stmt* stmt, int columns) {
  size_t n = static_cast<size_t>(columns);
  if (cells_.size() < cells_size_ + n) cells_.resize(2 * (cells_size_ + n));
  if (varints_.size() < varints_size_ + n * kMaxVarintSize) {
    varints_.resize(2 * (varints_size_ + n * kMaxVarintSize));
  }
  uint8_t* cell = cells_.data() + cells_size_;
  uint8_t* varint = varints_.data() + varints_size_;
  for (int i = 0; i < columns; ++i) {
    switch (sqlite3_column_type(stmt, i)) {
      case SQLITE_INTEGER:
        *cell++ = cell_type::kCellVarint;
        varint = WriteVarint(varint, static_cast<uint64_t>(sqlite3_column_int64(stmt, i)));
        break;
      case SQLITE_FLOAT:
        *cell++ = cell_type::kCellFloat64;
        float64s_.push_back(sqlite3_column_double(stmt, i));
        break;
      case SQLITE_TEXT: {
        *cell++ = cell_type::kCellString;
        // The text's bytes as they are: sqlite3_column_text would first copy
        // strings that the table hands over without a NUL terminator.
        const char* text = static_cast<const char*>(sqlite3_column_blob(stmt, i));
        size_t len = static_cast<size_t>(sqlite3_column_bytes(stmt, i));
        if (text) strings_.insert(strings_.end(), text, text + len);
        strings_.push_back('\0');
        break;
      }
      case SQLITE_BLOB: {
        *cell++ = cell_type::kCellBlob;
        const void* blob = sqlite3_column_blob(stmt, i);
        int len = sqlite3_column_bytes(stmt, i);
        blobs_.AppendBytes(cells_batch::kBlobCells, blob, blob ? static_cast<size_t>(len) : 0);
        break;
      }
      default:
        *cell++ = cell_type::kCellNull;
    }
  }
  cells_size_ += n;
  varints_size_ = static_cast<size_t>(varint - varints_.data());
}

void QueryResultWriter::Finish(const Status& status) {
  SendBatch(true, status.ok() ? "" : status.message());
}

void QueryResultWriter::SendBatch(bool last, const std::string& error) {
  // Room for the whole message up front (tags and lengths are < 16 bytes
  // per field): it is copied into once, never moved.
  size_t reserve = cells_size_ + varints_size_ + blobs_.size() + strings_.size() +
                   float64s_.size() * sizeof(double) + error.size() +
                   last_statement_sql_.size() + 256;
  for (const std::string& name : pending_columns_) reserve += name.size() + 16;
  ProtoEncoder enc;
  enc.Reserve(reserve);
  size_t msg = enc.BeginNested(pb::trace_processor_rpc_stream::kMsg);
  enc.AppendInt64(rpc::kSeq, next_seq_());
  enc.AppendVarint(rpc::kResponse, method::kTpmQueryStreaming);
  size_t result = enc.BeginNested(rpc::kQueryResult);
  for (const std::string& name : pending_columns_) enc.AppendString(pb::query_result::kColumnNames, name);
  pending_columns_.clear();
  if (!error.empty()) enc.AppendString(pb::query_result::kError, error);

  size_t batch = enc.BeginNested(pb::query_result::kBatch);
  if (cells_size_) enc.AppendBytes(cells_batch::kCells, cells_.data(), cells_size_);
  if (varints_size_) enc.AppendBytes(cells_batch::kVarintCells, varints_.data(), varints_size_);
  if (blobs_.size()) enc.AppendRaw(blobs_.data());  // Encoded blob_cells fields.
  if (!strings_.empty()) enc.AppendBytes(cells_batch::kStringCells, strings_.data(), strings_.size());
  if (last) enc.AppendVarint(cells_batch::kIsLastBatch, 1);
  if (!float64s_.empty()) {
    size_t bytes = float64s_.size() * sizeof(double);
    enc.AlignNextPayload(cells_batch::kPadding, cells_batch::kFloat64Cells, bytes, 8);
    enc.AppendBytes(cells_batch::kFloat64Cells, float64s_.data(), bytes);  // Little-endian hosts.
  }
  enc.EndNested(batch);

  if (last) {
    enc.AppendVarint(pb::query_result::kStatementWithOutputCount, statements_with_output_);
    if (!last_statement_sql_.empty()) enc.AppendString(pb::query_result::kLastStatementSql, last_statement_sql_);
  }
  enc.EndNested(result);
  enc.EndNested(msg);

  cells_size_ = 0;
  varints_size_ = 0;
  float64s_.clear();
  blobs_.Clear();
  strings_.clear();
  send_(enc.data());
}

}  // namespace weft
