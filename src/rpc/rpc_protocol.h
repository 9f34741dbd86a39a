// Protobuf wire types used by weft's own RPC encoder and decoder. Field
// numbers and enum values of trace_processor.proto are generated at build
// time: include "protos/perfetto/trace_processor/trace_processor.fields.h".
#ifndef SRC_RPC_RPC_PROTOCOL_H_
#define SRC_RPC_RPC_PROTOCOL_H_

#include <cstdint>

namespace weft {
namespace rpc_proto {

constexpr uint32_t kWireVarint = 0;
constexpr uint32_t kWireFixed64 = 1;
constexpr uint32_t kWireLengthDelimited = 2;
constexpr uint32_t kWireFixed32 = 5;

}  // namespace rpc_proto
}  // namespace weft

#endif  // SRC_RPC_RPC_PROTOCOL_H_
