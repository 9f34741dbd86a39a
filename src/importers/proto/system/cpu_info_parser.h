// CpuInfoParser: TracePacket.cpu_info, the machine's CPUs, into the `cpu`
// table (processor, capacity, cluster_id, ARM identifier and feature args)
// and `cpu_available_frequencies`. As in Perfetto, CPUs are numbered in
// the order of the packet's entries, and cluster ids group CPUs of equal
// capacity (or, when some CPU has none, of equal maximum frequency),
// numbered from the smallest: 0 for every CPU when neither is complete.
#ifndef SRC_IMPORTERS_PROTO_SYSTEM_CPU_INFO_PARSER_H_
#define SRC_IMPORTERS_PROTO_SYSTEM_CPU_INFO_PARSER_H_

#include <cstdint>
#include <optional>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class CpuInfoParser {
 public:
  explicit CpuInfoParser(TraceContext* context) : ctx_(context) {}
  // The cpus are those of the machine the context's CpuTracker is on.
  void Parse(protozero::data_view cpu_info);

 private:
  struct ArmIdentifier {
    uint32_t implementer = 0, architecture = 0, variant = 0, part = 0, revision = 0;
  };
  struct Cpu {
    StringId processor = kNullStringId;
    std::vector<uint32_t> frequencies;
    std::optional<uint32_t> capacity;
    std::optional<ArmIdentifier> arm;
    uint64_t features = 0;
  };
  static Cpu ReadCpu(TraceStorage* storage, protozero::data_view bytes);
  static ArmIdentifier ReadArmIdentifier(protozero::data_view bytes);
  static std::vector<uint32_t> ClusterIds(const std::vector<Cpu>& cpus);
  // The cpu's arg set (identifier and features), kNull if it has none.
  uint32_t WriteArgs(const Cpu& cpu);

  TraceContext* ctx_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_SYSTEM_CPU_INFO_PARSER_H_
