// ProtoTokenizer::TokenizePowerPacket: queues the power and battery packets
// (battery counters, power rails, energy breakdowns, entity state
// residency, system properties) for PowerParser. Each is queued as a
// TracePacket holding only that field (PowerParser reads it by field
// number). Power rail packets are cut up, as in Perfetto: each energy sample
// is queued alone at its own time (timestamp_ms, BOOTTIME, else the
// packet's), with the descriptor of its rail and the packet's raw timestamp
// (the packet_ts arg); descriptors are read here, in file order, so a
// sample finds a rail described earlier in the file whatever their times.
#include <string>
#include <tuple>

#include <protozero/pbf_reader.hpp>
#include <protozero/pbf_writer.hpp>

#include "protos/perfetto/trace/power/power_rails.fields.h"
#include "protos/perfetto/trace/trace_packet.fields.h"
#include "src/importers/proto/proto_tokenizer.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT
namespace tp = pb::trace_packet;
namespace pr = pb::power_rails;

bool IsPowerPacketField(uint32_t field) {
  switch (field) {
    case tp::kBattery:
    case tp::kPowerRails:
    case tp::kAndroidEnergyEstimationBreakdown:
    case tp::kAndroidSystemProperty:
    case tp::kEntityStateResidency:
      return true;
    default:
      return false;
  }
}

void ProtoTokenizer::TokenizePowerPacket(const TracePacketFields& f, int64_t event_ts,
                                         SequenceState* seq) {
  if (f.has_ts) last_ts_ = event_ts;
  if (f.payload_field == tp::kPowerRails) {
    TokenizePowerRails(f, event_ts, seq);
    return;
  }
  std::string packet;
  protozero::pbf_writer(packet).add_bytes(f.payload_field, f.payload.view().data(),
                                          f.payload.view().size());
  QueuePowerPacket(event_ts, packet, seq);
}

void ProtoTokenizer::QueuePowerPacket(int64_t ts, const std::string& packet,
                                      SequenceState* seq) {
  if (ts < 0) {
    CountStat(Stat::trace_sorter_negative_timestamp_dropped);
    return;
  }
  if (packet.size() > ProtoEventQueue::kMaxPayload) {
    CountStat(Stat::proto_malformed_packet);
    return;
  }
  QueuedPacket q{};
  q.ts = ts;
  q.kind = static_cast<uint32_t>(PacketKind::kPowerPacket);
  q.generation = seq->generation;
  queue_->Push(seq->lane, q, reinterpret_cast<const uint8_t*>(packet.data()), packet.size());
}

void ProtoTokenizer::TokenizePowerRails(const TracePacketFields& f, int64_t packet_ts,
                                        SequenceState* seq) {
  uint64_t session = 0;
  protozero::pbf_reader rails(f.payload.view());
  while (rails.next(pr::kSessionUuid, protozero::pbf_wire_type::varint)) {
    session = rails.get_uint64();
  }
  uint32_t machine = generations_[seq->generation]->machine_id;
  protozero::pbf_reader r(f.payload.view());
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(pr::kRailDescriptor, kBytes): {
        protozero::data_view desc = r.get_view();
        uint32_t index = 0;
        protozero::pbf_reader d(desc);
        while (d.next(pb::power_rails_rail_descriptor::kIndex, protozero::pbf_wire_type::varint)) {
          index = d.get_uint32();
        }
        power_rail_descriptors_[std::make_tuple(machine, session, index)] =
            std::string(desc.data(), desc.size());
        break;
      }
      case tag_and_type(pr::kEnergyData, kBytes):
        QueueRailSample(f, packet_ts, session, machine, r.get_view(), seq);
        break;
      default:
        r.skip();
    }
  }
}

void ProtoTokenizer::QueueRailSample(const TracePacketFields& f, int64_t packet_ts,
                                     uint64_t session, uint32_t machine,
                                     protozero::data_view sample, SequenceState* seq) {
  namespace ed = pb::power_rails_energy_data;
  uint32_t index = 0;
  bool has_ms = false;
  uint64_t ms = 0;
  protozero::pbf_reader d(sample);
  while (d.next()) {
    switch (d.tag_and_type()) {
      case tag_and_type(ed::kIndex, kVarint): index = d.get_uint32(); break;
      case tag_and_type(ed::kTimestampMs, kVarint):
        ms = d.get_uint64();
        has_ms = true;
        break;
      default: d.skip();
    }
  }
  int64_t ts = packet_ts;
  if (has_ms) {
    constexpr uint64_t kNsPerMs = 1000000;
    if (ms > static_cast<uint64_t>(INT64_MAX) / kNsPerMs) {
      CountStat(Stat::proto_malformed_packet);
      return;
    }
    if (!PacketTime(ms * kNsPerMs, ClockTracker::kBoottime, f.seq_id, &ts)) return;
  }
  std::string packet;
  protozero::pbf_writer out(packet);
  if (f.has_ts) out.add_uint64(tp::kTimestamp, f.ts);
  {
    protozero::pbf_writer rails(out, tp::kPowerRails);
    auto desc = power_rail_descriptors_.find(std::make_tuple(machine, session, index));
    if (desc != power_rail_descriptors_.end()) rails.add_bytes(pr::kRailDescriptor, desc->second);
    rails.add_bytes(pr::kEnergyData, sample.data(), sample.size());
    if (session != 0) rails.add_uint64(pr::kSessionUuid, session);
  }
  QueuePowerPacket(ts, packet, seq);
}

}  // namespace weft
