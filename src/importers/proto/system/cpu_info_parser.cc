// CpuInfoParser: CpuInfo entries into cpu rows, frequencies and args.
#include "src/importers/proto/system/cpu_info_parser.h"

#include <algorithm>
#include <iterator>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/system_info/cpu_info.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT

namespace {

// CpuInfo.Cpu.features: bit i is the feature kCpuFeatures[i] (Perfetto's
// append-only allowlist; arg "cpu_features.<name>").
constexpr const char* kCpuFeatures[] = {"mte", "mte3"};
constexpr size_t kKnownFeatureBits = std::size(kCpuFeatures);

// Ids of equal keys are equal; ids grow with the key, from 0.
std::vector<uint32_t> RankByKey(const std::vector<uint64_t>& keys) {
  std::vector<uint64_t> distinct = keys;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  std::vector<uint32_t> ids;
  for (uint64_t k : keys) {
    ids.push_back(static_cast<uint32_t>(
        std::lower_bound(distinct.begin(), distinct.end(), k) - distinct.begin()));
  }
  return ids;
}

}  // namespace

void CpuInfoParser::Parse(protozero::data_view bytes) {
  TraceStorage* s = ctx_->storage;
  std::vector<Cpu> cpus;
  protozero::pbf_reader r(bytes);
  while (r.next(pb::cpu_info::kCpus, kBytes)) cpus.push_back(ReadCpu(s, r.get_view()));

  std::vector<uint32_t> cluster_ids = ClusterIds(cpus);
  CpuTable& table = s->cpu;
  for (uint32_t i = 0; i < cpus.size(); ++i) {
    const Cpu& cpu = cpus[i];
    uint32_t ucpu = ctx_->GetOrCreateCpu(i);
    uint32_t row = ctx_->cpus.RowOf(ucpu);
    table.processor.Set(row, cpu.processor);
    table.cluster_id.Set(row, cluster_ids[i]);
    if (cpu.capacity) table.capacity.Set(row, *cpu.capacity);
    uint32_t args = WriteArgs(cpu);
    if (args != Uint32Column::kNull) table.arg_set_id.Set(row, args);
    for (uint32_t freq : cpu.frequencies) s->cpu_available_frequencies.Insert(i, freq, ucpu);
    if (cpu.features >> kKnownFeatureBits) s->stats.Increment(Stat::cpu_info_unknown_cpu_features);
  }
}

CpuInfoParser::Cpu CpuInfoParser::ReadCpu(TraceStorage* storage, protozero::data_view bytes) {
  namespace c = pb::cpu_info_cpu;
  Cpu cpu;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag()) {
      case c::kProcessor:
        cpu.processor = storage->Intern(View(r.get_view()));
        break;
      case c::kFrequencies:
        if (r.wire_type() == kBytes) {
          for (uint32_t f : r.get_packed_uint32()) cpu.frequencies.push_back(f);
        } else {
          cpu.frequencies.push_back(r.get_uint32());
        }
        break;
      case c::kCapacity: cpu.capacity = r.get_uint32(); break;
      case c::kArmIdentifier: cpu.arm = ReadArmIdentifier(r.get_view()); break;
      case c::kFeatures: cpu.features = r.get_uint64(); break;
      default: r.skip();
    }
  }
  return cpu;
}

CpuInfoParser::ArmIdentifier CpuInfoParser::ReadArmIdentifier(protozero::data_view bytes) {
  namespace a = pb::cpu_info_arm_cpu_identifier;
  ArmIdentifier id;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(a::kImplementer, kVarint): id.implementer = r.get_uint32(); break;
      case tag_and_type(a::kArchitecture, kVarint): id.architecture = r.get_uint32(); break;
      case tag_and_type(a::kVariant, kVarint): id.variant = r.get_uint32(); break;
      case tag_and_type(a::kPart, kVarint): id.part = r.get_uint32(); break;
      case tag_and_type(a::kRevision, kVarint): id.revision = r.get_uint32(); break;
      default: r.skip();
    }
  }
  return id;
}

std::vector<uint32_t> CpuInfoParser::ClusterIds(const std::vector<Cpu>& cpus) {
  bool all_capacities = std::all_of(cpus.begin(), cpus.end(),
                                    [](const Cpu& c) { return c.capacity.has_value(); });
  bool all_frequencies = std::all_of(cpus.begin(), cpus.end(),
                                     [](const Cpu& c) { return !c.frequencies.empty(); });
  if (!all_capacities && !all_frequencies) return std::vector<uint32_t>(cpus.size(), 0);
  std::vector<uint64_t> keys;
  for (const Cpu& c : cpus) {
    keys.push_back(all_capacities ? *c.capacity
                                  : *std::max_element(c.frequencies.begin(), c.frequencies.end()));
  }
  return RankByKey(keys);
}

uint32_t CpuInfoParser::WriteArgs(const Cpu& cpu) {
  if (!cpu.arm && cpu.features == 0) return Uint32Column::kNull;
  TraceStorage* s = ctx_->storage;
  ArgsTable& args = s->args;
  uint32_t set = args.BeginSet();
  auto add_uint = [&](const char* key, uint64_t v) {
    StringId k = s->Intern(key);
    args.AddUint(set, k, k, v);
  };
  if (cpu.arm) {
    add_uint("arm_cpu_implementer", cpu.arm->implementer);
    add_uint("arm_cpu_architecture", cpu.arm->architecture);
    add_uint("arm_cpu_variant", cpu.arm->variant);
    add_uint("arm_cpu_part", cpu.arm->part);
    add_uint("arm_cpu_revision", cpu.arm->revision);
  }
  for (size_t bit = 0; bit < kKnownFeatureBits; ++bit) {
    if (!(cpu.features & (uint64_t{1} << bit))) continue;
    StringId k = s->Intern(std::string("cpu_features.") + kCpuFeatures[bit]);
    args.AddBool(set, k, k, true);
  }
  if (cpu.features != 0) add_uint("cpu_features.raw_bitmap", cpu.features);
  return args.FinishSet();
}

}  // namespace weft
