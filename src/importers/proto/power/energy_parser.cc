// PowerParser: Android's energy estimation breakdowns (per consumer, per
// uid) and power entity state residencies.
#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/power/android_energy_estimation_breakdown.fields.h"
#include "protos/perfetto/trace/power/android_entity_state_residency.fields.h"
#include "src/importers/proto/power/power_parser.h"
#include "src/importers/proto/power/power_tracks.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT

void PowerParser::ParseEnergyBreakdown(int64_t ts, protozero::data_view bytes) {
  namespace eb = pb::android_energy_estimation_breakdown;
  bool has_id = false, has_energy = false;
  int32_t id = 0;
  int64_t energy = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(eb::kEnergyConsumerDescriptor, kBytes):
        ParseConsumerDescriptor(r.get_view());
        break;
      case tag_and_type(eb::kEnergyConsumerId, kVarint):
        id = r.get_int32();
        has_id = true;
        break;
      case tag_and_type(eb::kEnergyUws, kVarint):
        energy = r.get_int64();
        has_energy = true;
        break;
      default: r.skip();
    }
  }
  if (!has_id && !has_energy) return;  // A descriptor only.
  auto it = consumers_.find(id);
  if (!has_id || !has_energy || it == consumers_.end()) {
    storage_->stats.Increment(Stat::energy_breakdown_missing_values);
    return;
  }
  Consumer& consumer = it->second;
  if (consumer.track == Uint32Column::kNull) {
    consumer.track = NewCounterTrack(storage_, consumer.name, type_breakdown_);
    ArgsTable& args = storage_->args;
    uint32_t dims = args.BeginSet();
    args.AddInt(dims, key_consumer_id_, key_consumer_id_, id);
    storage_->track.dimension_arg_set_id.Set(consumer.track, args.FinishSet());
    uint32_t source = args.BeginSet();
    args.AddString(source, key_consumer_type_, key_consumer_type_, consumer.type);
    args.AddInt(source, key_ordinal_, key_ordinal_, consumer.ordinal);
    storage_->track.source_arg_set_id.Set(consumer.track, args.FinishSet());
  }
  storage_->counter.Insert(ts, consumer.track, static_cast<double>(energy), Uint32Column::kNull);
  protozero::pbf_reader uids(bytes);
  while (uids.next(eb::kPerUidBreakdown, protozero::pbf_wire_type::length_delimited)) {
    ParseUidBreakdown(ts, id, consumer.name, uids.get_view());
  }
}

void PowerParser::ParseConsumerDescriptor(protozero::data_view bytes) {
  namespace ec = pb::android_energy_consumer;
  protozero::pbf_reader r(bytes);
  while (r.next(pb::android_energy_consumer_descriptor::kEnergyConsumers,
                protozero::pbf_wire_type::length_delimited)) {
    int32_t id = 0;
    Consumer consumer;
    protozero::pbf_reader c(r.get_view());
    while (c.next()) {
      switch (c.tag_and_type()) {
        case tag_and_type(ec::kEnergyConsumerId, kVarint): id = c.get_int32(); break;
        case tag_and_type(ec::kOrdinal, kVarint): consumer.ordinal = c.get_int32(); break;
        case tag_and_type(ec::kType, kBytes): consumer.type = storage_->Intern(View(c.get_view())); break;
        case tag_and_type(ec::kName, kBytes): consumer.name = storage_->Intern(View(c.get_view())); break;
        default: c.skip();
      }
    }
    consumers_.emplace(id, consumer);  // The first description of an id stays.
  }
}

void PowerParser::ParseUidBreakdown(int64_t ts, int32_t consumer_id, StringId name,
                                    protozero::data_view bytes) {
  namespace ub = pb::android_energy_estimation_breakdown_energy_uid_breakdown;
  bool has_uid = false, has_energy = false;
  int32_t uid = 0;
  int64_t energy = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(ub::kUid, kVarint):
        uid = r.get_int32();
        has_uid = true;
        break;
      case tag_and_type(ub::kEnergyUws, kVarint):
        energy = r.get_int64();
        has_energy = true;
        break;
      default: r.skip();
    }
  }
  if (!has_uid || !has_energy) {
    storage_->stats.Increment(Stat::energy_uid_breakdown_missing_values);
    return;
  }
  auto [it, inserted] = consumer_uid_tracks_.emplace(std::make_pair(consumer_id, uid), 0);
  if (inserted) {
    it->second = NewCounterTrack(storage_, name, type_breakdown_uid_);
    ArgsTable& args = storage_->args;
    uint32_t dims = args.BeginSet();
    args.AddInt(dims, key_uid_, key_uid_, uid);
    args.AddInt(dims, key_consumer_id_, key_consumer_id_, consumer_id);
    storage_->track.dimension_arg_set_id.Set(it->second, args.FinishSet());
  }
  storage_->counter.Insert(ts, it->second, static_cast<double>(energy), Uint32Column::kNull);
}

void PowerParser::ParseEntityStateResidency(int64_t ts, protozero::data_view bytes) {
  namespace es = pb::entity_state_residency;
  namespace st = pb::entity_state_residency_power_entity_state;
  namespace rs = pb::entity_state_residency_state_residency;
  bool has_residency = false;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(es::kPowerEntityState, kBytes): {
        int32_t entity = 0, state = 0;
        std::string entity_name, state_name;
        protozero::pbf_reader d(r.get_view());
        while (d.next()) {
          switch (d.tag_and_type()) {
            case tag_and_type(st::kEntityIndex, kVarint): entity = d.get_int32(); break;
            case tag_and_type(st::kStateIndex, kVarint): state = d.get_int32(); break;
            case tag_and_type(st::kEntityName, kBytes): entity_name = View(d.get_view()); break;
            case tag_and_type(st::kStateName, kBytes): state_name = View(d.get_view()); break;
            default: d.skip();
          }
        }
        entity_states_[{entity, state}] = "Entity residency: " + entity_name + " is " + state_name;
        break;
      }
      case tag_and_type(es::kResidency, kBytes):
        has_residency = true;
        r.skip();
        break;
      default: r.skip();
    }
  }
  if (!has_residency) {
    storage_->stats.Increment(Stat::entity_state_residency_invalid);
    return;
  }
  protozero::pbf_reader values(bytes);
  while (values.next(es::kResidency, protozero::pbf_wire_type::length_delimited)) {
    int32_t entity = 0, state = 0;
    uint64_t time_ms = 0;
    protozero::pbf_reader v(values.get_view());
    while (v.next()) {
      switch (v.tag_and_type()) {
        case tag_and_type(rs::kEntityIndex, kVarint): entity = v.get_int32(); break;
        case tag_and_type(rs::kStateIndex, kVarint): state = v.get_int32(); break;
        case tag_and_type(rs::kTotalTimeInStateMs, kVarint): time_ms = v.get_uint64(); break;
        default: v.skip();
      }
    }
    auto it = entity_states_.find({entity, state});
    if (it == entity_states_.end()) {
      // As in Perfetto, the rest of the packet is dropped too.
      storage_->stats.Increment(Stat::entity_state_residency_lookup_failed);
      return;
    }
    AddGlobalCounter(ts, it->second, type_entity_state_, static_cast<double>(time_ms));
  }
}

}  // namespace weft
