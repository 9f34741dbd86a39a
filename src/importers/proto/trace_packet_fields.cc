// DecodeTracePacket: one pass over a TracePacket's fields.
#include "src/importers/proto/trace_packet_fields.h"

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/trace_packet.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT

void DecodeTracePacket(const uint8_t* data, size_t size, TracePacketFields* out) {
  namespace tp = pb::trace_packet;
  TracePacketFields& f = *out;
  protozero::pbf_reader packet(reinterpret_cast<const char*>(data), size);
  while (packet.next()) {
    switch (packet.tag_and_type()) {
      case tag_and_type(tp::kTimestamp, kVarint):
        f.ts = packet.get_uint64();
        f.has_ts = true;
        break;
      case tag_and_type(tp::kTimestampClockId, kVarint):
        f.clock_id = packet.get_uint32();
        f.has_clock_id = true;
        break;
      case tag_and_type(tp::kTrustedPacketSequenceId, kVarint):
        f.seq_id = packet.get_uint32();
        break;
      case tag_and_type(tp::kMachineId, kVarint):
        f.raw_machine = packet.get_uint32();
        break;
      case tag_and_type(tp::kSequenceFlags, kVarint):
        f.flags = packet.get_uint32();
        break;
      case tag_and_type(tp::kIncrementalStateCleared, kVarint):
        f.cleared |= packet.get_bool();
        break;
      case tag_and_type(tp::kPreviousPacketDropped, kVarint):
        f.dropped |= packet.get_uint32();
        break;
      case tag_and_type(tp::kFirstPacketOnSequence, kVarint):
        f.first_packet |= packet.get_bool();
        break;
      case tag_and_type(tp::kTracePacketDefaults, kBytes):
        f.defaults.Set(packet.get_view());
        f.has_defaults = true;
        break;
      case tag_and_type(tp::kInternedData, kBytes):
        f.interned.Set(packet.get_view());
        f.has_interned = true;
        break;
      case tag_and_type(tp::kExtensionDescriptor, kBytes):
        f.extension.Set(packet.get_view());
        f.has_extension = true;
        break;
      case tag_and_type(tp::kCompressedPackets, kBytes):
        // A container of other packets: nothing else in it matters.
        f.compressed.Set(packet.get_view());
        f.has_compressed = true;
        return;
      case tag_and_type(tp::kTrackEventRangeOfInterest, kBytes):
        f.range_of_interest.Set(packet.get_view());
        f.has_range_of_interest = true;
        break;
      case tag_and_type(tp::kServiceEvent, kBytes):
        f.service_event.Set(packet.get_view());
        f.has_service_event = true;
        break;
      case tag_and_type(tp::kClockSnapshot, kBytes):
        f.clock_snapshot.Set(packet.get_view());
        f.has_clock_snapshot = true;
        break;
      case tag_and_type(tp::kFtraceEvents, kBytes):
      case tag_and_type(tp::kTrackEvent, kBytes):
      case tag_and_type(tp::kStreamingProfilePacket, kBytes):
      case tag_and_type(tp::kPerfSample, kBytes):
      case tag_and_type(tp::kStackSample, kBytes):
      case tag_and_type(tp::kTrackDescriptor, kBytes):
      case tag_and_type(tp::kThreadDescriptor, kBytes):
      case tag_and_type(tp::kProcessDescriptor, kBytes):
      case tag_and_type(tp::kProcessTree, kBytes):
      case tag_and_type(tp::kTrigger, kBytes):
      case tag_and_type(tp::kCloneSnapshotTrigger, kBytes):
      case tag_and_type(tp::kChromeTrigger, kBytes):
      case tag_and_type(tp::kGpuCounterEvent, kBytes):
      case tag_and_type(tp::kProcessStats, kBytes):
      case tag_and_type(tp::kBattery, kBytes):
      case tag_and_type(tp::kPowerRails, kBytes):
      case tag_and_type(tp::kAndroidEnergyEstimationBreakdown, kBytes):
      case tag_and_type(tp::kAndroidSystemProperty, kBytes):
      case tag_and_type(tp::kEntityStateResidency, kBytes):
      case tag_and_type(tp::kFrameTimelineEvent, kBytes):
      case tag_and_type(tp::kCpuInfo, kBytes):
      case tag_and_type(tp::kSysStats, kBytes):
      case tag_and_type(tp::kInitialDisplayState, kBytes):
      case tag_and_type(tp::kConcurrentSessionEvent, kBytes):
        f.payload_field = packet.tag();
        f.payload.Set(packet.get_view());
        break;
      case tag_and_type(tp::kTraceStats, kBytes):
      case tag_and_type(tp::kFtraceStats, kBytes):
      case tag_and_type(tp::kSystemInfo, kBytes):
      case tag_and_type(tp::kTraceConfig, kBytes):
      case tag_and_type(tp::kTraceUuid, kBytes):
      case tag_and_type(tp::kTraceAttributes, kBytes):
      case tag_and_type(tp::kChromeMetadata, kBytes):
        f.about_trace_field = packet.tag();
        f.about_trace.Set(packet.get_view());
        break;
      default:
        packet.skip();
    }
  }
}

}  // namespace weft
