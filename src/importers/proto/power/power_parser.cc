// PowerParser: battery counters, power rail samples and system properties.
#include "src/importers/proto/power/power_parser.h"

#include <cstdlib>
#include <string_view>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/android/android_system_property.fields.h"
#include "protos/perfetto/trace/power/battery_counters.fields.h"
#include "protos/perfetto/trace/power/power_rails.fields.h"
#include "protos/perfetto/trace/trace_packet.fields.h"
#include "src/importers/common/android_global_counters.h"
#include "src/importers/proto/power/power_tracks.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT

PowerParser::PowerParser(TraceContext* context)
    : ctx_(context), storage_(context->storage) {
  TraceStorage* s = storage_;
  type_battery_ = s->Intern("battery_counter");
  type_power_rail_ = s->Intern("power_rails");
  type_entity_state_ = s->Intern("entity_state_residency");
  type_breakdown_ = s->Intern("android_energy_estimation_breakdown");
  type_breakdown_uid_ = s->Intern("android_energy_estimation_breakdown_per_uid");
  key_packet_ts_ = s->Intern("packet_ts");
  key_session_ = s->Intern("session_uuid");
  key_consumer_id_ = s->Intern("energy_consumer_id");
  key_consumer_type_ = s->Intern("consumer_type");
  key_ordinal_ = s->Intern("ordinal");
  key_uid_ = s->Intern("uid");
}

void PowerParser::Parse(int64_t ts, protozero::data_view bytes, uint32_t machine) {
  namespace tp = pb::trace_packet;
  bool has_packet_ts = false;
  uint64_t packet_ts = 0;
  protozero::pbf_reader packet(bytes);
  while (packet.next()) {
    switch (packet.tag_and_type()) {
      case tag_and_type(tp::kTimestamp, kVarint):
        packet_ts = packet.get_uint64();
        has_packet_ts = true;
        break;
      case tag_and_type(tp::kBattery, kBytes): ParseBattery(ts, packet.get_view()); break;
      case tag_and_type(tp::kPowerRails, kBytes):
        ParseRailSample(ts, has_packet_ts, packet_ts, packet.get_view(), machine);
        break;
      case tag_and_type(tp::kAndroidEnergyEstimationBreakdown, kBytes):
        ParseEnergyBreakdown(ts, packet.get_view());
        break;
      case tag_and_type(tp::kEntityStateResidency, kBytes):
        ParseEntityStateResidency(ts, packet.get_view());
        break;
      case tag_and_type(tp::kAndroidSystemProperty, kBytes):
        ParseSystemProperties(ts, packet.get_view());
        break;
      default: packet.skip();
    }
  }
}

void PowerParser::AddGlobalCounter(int64_t ts, const std::string& name, StringId type,
                                   double value) {
  uint32_t track = ctx_->tracks.GlobalCounterTrack(storage_->Intern(name), type);
  storage_->counter.Insert(ts, track, value, Uint32Column::kNull);
}

void PowerParser::ParseBattery(int64_t ts, protozero::data_view bytes) {
  namespace bc = pb::battery_counters;
  struct Optional {
    bool has = false;
    int64_t value = 0;
    void Set(int64_t v) { has = true, value = v; }
  } charge, current, current_avg, energy, voltage;
  bool has_capacity = false;
  float capacity = 0;
  std::string prefix = "batt.";
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(bc::kChargeCounterUah, kVarint): charge.Set(r.get_int64()); break;
      case tag_and_type(bc::kCapacityPercent, kFixed32):
        capacity = r.get_float();
        has_capacity = true;
        break;
      case tag_and_type(bc::kCurrentUa, kVarint): current.Set(r.get_int64()); break;
      case tag_and_type(bc::kCurrentAvgUa, kVarint): current_avg.Set(r.get_int64()); break;
      case tag_and_type(bc::kName, kBytes): prefix += std::string(View(r.get_view())) + "."; break;
      case tag_and_type(bc::kEnergyCounterUwh, kVarint): energy.Set(r.get_int64()); break;
      case tag_and_type(bc::kVoltageUv, kVarint): voltage.Set(r.get_int64()); break;
      default: r.skip();
    }
  }
  auto add = [&](const char* name, double value) {
    AddGlobalCounter(ts, prefix + name, type_battery_, value);
  };
  int64_t product = 0;
  if (charge.has) {
    add("charge_uah", static_cast<double>(charge.value));
  } else if (energy.has && voltage.has && voltage.value > 0 &&
             !__builtin_mul_overflow(energy.value, int64_t{1000000}, &product)) {
    // uWh / uV = Ah: in uAh, as an integer as in Perfetto.
    add("charge_uah", static_cast<double>(product / voltage.value));
  }
  if (has_capacity) add("capacity_pct", static_cast<double>(capacity));
  if (current.has) add("current_ua", static_cast<double>(current.value));
  if (current_avg.has) add("current.avg_ua", static_cast<double>(current_avg.value));
  if (voltage.has) add("voltage_uv", static_cast<double>(voltage.value));
  if (current.has && voltage.has &&
      !__builtin_mul_overflow(current.value, voltage.value, &product)) {
    // uA x uV = 1e-12 W: in mW, whichever way the current flows.
    add("power_mw", static_cast<double>(std::llabs(product / 1000000000)));
  }
}

void PowerParser::ParseRailSample(int64_t ts, bool has_packet_ts, uint64_t packet_ts,
                                  protozero::data_view bytes, uint32_t machine) {
  namespace pr = pb::power_rails;
  protozero::data_view descriptor, sample;
  bool has_descriptor = false;
  uint64_t session = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(pr::kRailDescriptor, kBytes):
        descriptor = r.get_view();
        has_descriptor = true;
        break;
      case tag_and_type(pr::kEnergyData, kBytes): sample = r.get_view(); break;
      case tag_and_type(pr::kSessionUuid, kVarint): session = r.get_uint64(); break;
      default: r.skip();
    }
  }
  uint32_t index = 0;
  uint64_t energy = 0;
  protozero::pbf_reader s(sample);
  while (s.next()) {
    switch (s.tag_and_type()) {
      case tag_and_type(pb::power_rails_energy_data::kIndex, kVarint): index = s.get_uint32(); break;
      case tag_and_type(pb::power_rails_energy_data::kEnergy, kVarint): energy = s.get_uint64(); break;
      default: s.skip();
    }
  }
  if (!has_descriptor) {
    storage_->stats.Increment(Stat::power_rail_unknown_index);
    return;
  }
  auto key = std::make_tuple(machine, session, index);
  auto it = rail_tracks_.find(key);
  if (it == rail_tracks_.end()) {
    std::string rail_name;
    protozero::pbf_reader d(descriptor);
    while (d.next(pb::power_rails_rail_descriptor::kRailName, protozero::pbf_wire_type::length_delimited)) {
      rail_name = std::string(View(d.get_view()));
    }
    uint32_t track = NewCounterTrack(storage_, storage_->Intern(PowerRailTrackName(rail_name)),
                                     type_power_rail_);
    if (session != 0) {
      ArgsTable& args = storage_->args;
      uint32_t set = args.BeginSet();
      args.AddUint(set, key_session_, key_session_, session);
      storage_->track.dimension_arg_set_id.Set(track, args.FinishSet());
    }
    it = rail_tracks_.emplace(key, track).first;
  }
  uint32_t arg_set = Uint32Column::kNull;
  if (has_packet_ts) {
    ArgsTable& args = storage_->args;
    arg_set = args.BeginSet();
    args.AddUint(arg_set, key_packet_ts_, key_packet_ts_, packet_ts);
    arg_set = args.FinishSet(/*shareable=*/false);
  }
  storage_->counter.Insert(ts, it->second, static_cast<double>(energy), arg_set);
}

void PowerParser::ParseSystemProperties(int64_t ts, protozero::data_view bytes) {
  namespace pv = pb::android_system_property_property_value;
  protozero::pbf_reader r(bytes);
  while (r.next(pb::android_system_property::kValues, protozero::pbf_wire_type::length_delimited)) {
    std::string_view name, value;
    protozero::pbf_reader p(r.get_view());
    while (p.next()) {
      switch (p.tag_and_type()) {
        case tag_and_type(pv::kName, kBytes): name = View(p.get_view()); break;
        case tag_and_type(pv::kValue, kBytes): value = View(p.get_view()); break;
        default: p.skip();
      }
    }
    ParseSystemProperty(ts, name, value);
  }
}

void PowerParser::ParseSystemProperty(int64_t ts, std::string_view name, std::string_view value) {
  constexpr std::string_view kPrefix = "debug.tracing.";
  if (name.substr(0, kPrefix.size()) != kPrefix) return;
  name.remove_prefix(kPrefix.size());
  if (name == "device_state") {
    // An instant named after the state, on the global track
    // "DeviceStateChanged" (atrace's N| markers use that name too).
    if (device_state_track_ == Uint32Column::kNull) {
      StringId track_name = storage_->Intern("DeviceStateChanged");
      device_state_track_ = ctx_->tracks.NewAsyncTrack(Uint32Column::kNull, track_name,
                                                       storage_->Intern("device_state"));
    }
    SliceInfo info;
    info.name = storage_->Intern(value);
    Overlap unused;  // An instant crosses no slice's end.
    ctx_->slices.Scoped(device_state_track_, ts, 0, info, &unused);
    return;
  }
  std::string counter = name == "screen_state" ? "ScreenState" : std::string(name);
  std::string text(value);
  char* end = nullptr;
  long long number = std::strtoll(text.c_str(), &end, 10);
  if (AndroidGlobalCounterType(counter) == nullptr) return;  // A property weft does not read.
  if (text.empty() || *end != '\0') {
    storage_->stats.Increment(Stat::android_system_property_invalid);
    return;
  }
  storage_->counter.Insert(ts, AndroidGlobalCounterTrack(ctx_, counter),
                           static_cast<double>(number), Uint32Column::kNull);
}

}  // namespace weft
