// Field numbers and enum values of protos/perfetto/trace_processor/
// trace_processor.proto, hand-written for now (a .proto -> C++ generator is a
// later task). Keep in sync with the .proto and ui_bridge/protocol.js.
#ifndef SRC_RPC_RPC_PROTOCOL_H_
#define SRC_RPC_RPC_PROTOCOL_H_

#include <cstdint>

namespace weft {
namespace rpc_proto {

// TraceProcessorRpcStream
constexpr uint32_t kStreamMsg = 1;

// TraceProcessorRpc
constexpr uint32_t kRpcSeq = 1;
constexpr uint32_t kRpcRequest = 2;
constexpr uint32_t kRpcResponse = 3;
constexpr uint32_t kRpcInvalidRequest = 4;
constexpr uint32_t kRpcFatalError = 5;
constexpr uint32_t kRpcAppendTraceData = 101;
constexpr uint32_t kRpcQueryArgs = 103;
constexpr uint32_t kRpcResetTraceProcessorArgs = 107;
constexpr uint32_t kRpcAppendResult = 201;
constexpr uint32_t kRpcQueryResult = 203;
constexpr uint32_t kRpcStatus = 210;
constexpr uint32_t kRpcFinalizeDataResult = 212;

// TraceProcessorRpc.TraceProcessorMethod
enum Method : uint32_t {
  TPM_UNSPECIFIED = 0,
  TPM_APPEND_TRACE_DATA = 1,
  TPM_FINALIZE_TRACE_DATA = 2,
  TPM_QUERY_STREAMING = 3,
  TPM_GET_STATUS = 10,
  TPM_RESET_TRACE_PROCESSOR = 11,
};

// AppendTraceDataResult
constexpr uint32_t kAppendTotalBytesParsed = 1;
constexpr uint32_t kAppendError = 2;

// FinalizeDataResult
constexpr uint32_t kFinalizeError = 1;

// QueryArgs
constexpr uint32_t kQueryArgsSql = 1;

// QueryResult
constexpr uint32_t kQueryColumnNames = 1;
constexpr uint32_t kQueryError = 2;
constexpr uint32_t kQueryBatch = 3;
constexpr uint32_t kQueryStatementCount = 4;
constexpr uint32_t kQueryStatementWithOutputCount = 5;
constexpr uint32_t kQueryLastStatementSql = 6;

// QueryResult.CellsBatch
constexpr uint32_t kBatchCells = 1;
constexpr uint32_t kBatchVarintCells = 2;
constexpr uint32_t kBatchFloat64Cells = 3;
constexpr uint32_t kBatchBlobCells = 4;
constexpr uint32_t kBatchStringCells = 5;
constexpr uint32_t kBatchIsLastBatch = 6;
constexpr uint32_t kBatchPadding = 7;

// QueryResult.CellsBatch.CellType
enum CellType : uint8_t {
  CELL_INVALID = 0,
  CELL_NULL = 1,
  CELL_VARINT = 2,
  CELL_FLOAT64 = 3,
  CELL_STRING = 4,
  CELL_BLOB = 5,
};

// StatusResult
constexpr uint32_t kStatusLoadedTraceName = 1;
constexpr uint32_t kStatusHumanReadableVersion = 2;
constexpr uint32_t kStatusApiVersion = 3;

// Protobuf wire types.
constexpr uint32_t kWireVarint = 0;
constexpr uint32_t kWireFixed64 = 1;
constexpr uint32_t kWireLengthDelimited = 2;
constexpr uint32_t kWireFixed32 = 5;

}  // namespace rpc_proto
}  // namespace weft

#endif  // SRC_RPC_RPC_PROTOCOL_H_
