// PowerParser: the power and battery packets ProtoTokenizer queued
// (power/power_tokenizer.cc), in timestamp order, into counter tracks named
// and typed as Perfetto's:
// - BatteryCounters: global counters "batt.charge_uah", "batt.capacity_pct",
//   "batt.current_ua", "batt.current.avg_ua", "batt.voltage_uv" and the
//   derived "batt.power_mw" (|current| x voltage) — "batt.<name>.*" for a
//   named battery; without a charge counter, the charge is derived from the
//   energy counter and a positive voltage.
// - PowerRails: one track per rail ("power.<rail>_uws", or Perfetto's
//   friendly name of a well-known rail), per machine and session_uuid;
//   each sample's value is the rail's energy (uWs), with arg packet_ts.
// - AndroidEnergyEstimationBreakdown, EntityStateResidency
//   (power/energy_parser.cc).
// - AndroidSystemProperty: debug.tracing.battery_stats.* and screen_state on
//   global counter tracks (common/android_global_counters.h),
//   debug.tracing.device_state as an instant on the track
//   "DeviceStateChanged".
// Malformed or unresolvable values are counted (storage/power_stats.h).
#ifndef SRC_IMPORTERS_PROTO_POWER_POWER_PARSER_H_
#define SRC_IMPORTERS_PROTO_POWER_POWER_PARSER_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"

namespace weft {

class PowerParser {
 public:
  explicit PowerParser(TraceContext* context);
  // |packet|: a TracePacket with one power field; |machine|: the machine
  // table row of its sequence (SequenceGeneration::kNoMachine: the host).
  void Parse(int64_t ts, protozero::data_view packet, uint32_t machine);

 private:
  void ParseBattery(int64_t ts, protozero::data_view battery);
  void ParseRailSample(int64_t ts, bool has_packet_ts, uint64_t packet_ts,
                       protozero::data_view rails, uint32_t machine);
  void ParseSystemProperties(int64_t ts, protozero::data_view properties);
  void ParseSystemProperty(int64_t ts, std::string_view name, std::string_view value);
  // power/energy_parser.cc.
  void ParseEnergyBreakdown(int64_t ts, protozero::data_view breakdown);
  void ParseConsumerDescriptor(protozero::data_view descriptor);
  void ParseUidBreakdown(int64_t ts, int32_t consumer_id, StringId name,
                         protozero::data_view breakdown);
  void ParseEntityStateResidency(int64_t ts, protozero::data_view residency);
  // A sample on the global counter track |name| (type |type|).
  void AddGlobalCounter(int64_t ts, const std::string& name, StringId type, double value);

  TraceContext* ctx_;
  TraceStorage* storage_;
  StringId type_battery_, type_power_rail_, type_entity_state_, type_breakdown_,
      type_breakdown_uid_, key_packet_ts_, key_session_, key_consumer_id_, key_consumer_type_,
      key_ordinal_, key_uid_;
  uint32_t device_state_track_ = Uint32Column::kNull;
  // Power rail tracks by (machine, session_uuid, rail index).
  std::map<std::tuple<uint32_t, uint64_t, uint32_t>, uint32_t> rail_tracks_;
  struct Consumer {
    StringId name = kNullStringId;
    StringId type = kNullStringId;
    int32_t ordinal = 0;
    uint32_t track = Uint32Column::kNull;
  };
  std::unordered_map<int32_t, Consumer> consumers_;  // By energy_consumer_id.
  std::map<std::pair<int32_t, int32_t>, uint32_t> consumer_uid_tracks_;  // (id, uid).
  // Entity state names ("Entity residency: <entity> is <state>") by
  // (entity_index, state_index).
  std::map<std::pair<int32_t, int32_t>, std::string> entity_states_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_POWER_POWER_PARSER_H_
