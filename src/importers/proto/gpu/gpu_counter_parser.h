// GpuCounterParser: TracePacket.gpu_counter_event, in timestamp order. The
// descriptor's specs name counter tracks (type "gpu_counter", one per GPU
// and counter id); each counter value adds a row to its track. As in
// Perfetto, a GPU counter reports the value of the interval that ends at
// its timestamp: the value goes on the track's previous row, and the new
// row holds 0 until the next sample. Values of unknown counter ids are
// dropped (gpu_counters_invalid_spec counts bad or repeated specs).
#ifndef SRC_IMPORTERS_PROTO_GPU_GPU_COUNTER_PARSER_H_
#define SRC_IMPORTERS_PROTO_GPU_GPU_COUNTER_PARSER_H_

#include <cstdint>
#include <unordered_map>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class GpuCounterParser {
 public:
  explicit GpuCounterParser(TraceContext* context) : ctx_(context) {}
  void Parse(int64_t ts, protozero::data_view event);

 private:
  struct Counter {
    uint32_t track;
    uint32_t last_row;  // kNull before the first sample.
  };
  void ParseDescriptor(protozero::data_view descriptor, int32_t gpu_id);
  void ParseSpec(protozero::data_view spec, int32_t gpu_id);
  void ParseValue(int64_t ts, protozero::data_view counter);

  TraceContext* ctx_;
  std::unordered_map<uint32_t, Counter> counters_;  // By counter id.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_GPU_GPU_COUNTER_PARSER_H_
