// TracePacketFields: the fields of one TracePacket the tokenizer acts on,
// read in one pass (DecodeTracePacket) before any state changes: the
// packet's timestamp and sequence, sequence state changes, and the payload
// that makes rows. Views point into the packet's bytes.
#ifndef SRC_IMPORTERS_PROTO_TRACE_PACKET_FIELDS_H_
#define SRC_IMPORTERS_PROTO_TRACE_PACKET_FIELDS_H_

#include <cstddef>
#include <cstdint>

#include <protozero/data_view.hpp>

namespace weft {

// A field's bytes: set only when the packet has the field (its has_ flag),
// uninitialized otherwise, so a packet costs no zeroing of the many fields
// it lacks.
struct PacketBytes {
  const char* data;
  size_t size;
  protozero::data_view view() const { return protozero::data_view(data, size); }
  void Set(protozero::data_view v) {
    data = v.data();
    size = v.size();
  }
};

struct TracePacketFields {
  uint64_t ts = 0;
  uint32_t clock_id = 0, seq_id = 0, flags = 0, raw_machine = 0;
  uint32_t dropped = 0;  // previous_packet_dropped (DataLossReason bits).
  // The TracePacket field number of the payload (a TrackEvent, a
  // descriptor, ftrace events ...), 0 if none; of a packet about the trace
  // itself (trace config, stats, system info ...), 0 if none: |payload| and
// |about_trace| are set when they are not 0.
  uint32_t payload_field = 0, about_trace_field = 0;
  bool has_ts = false, has_clock_id = false, cleared = false, first_packet = false;
  bool has_defaults = false, has_interned = false, has_extension = false;
  bool has_clock_snapshot = false, has_service_event = false, has_range_of_interest = false;
  bool has_compressed = false;
  PacketBytes payload, about_trace, defaults, interned, extension, clock_snapshot, service_event,
      range_of_interest;
  PacketBytes compressed;  // compressed_packets: nothing else is read.
};

// Reads the TracePacket |data| into |out|; stops at compressed_packets
// (has_compressed). Throws protozero::exception on malformed bytes. Out of
// line: the compiler then sees |out| as written by it (inlined, it warns
// of the fields left unset, which their has_ flags guard).
void DecodeTracePacket(const uint8_t* data, size_t size, TracePacketFields* out);

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACE_PACKET_FIELDS_H_
