// FtraceRawWriter: one `ftrace_event` (raw) row per protobuf FtraceEvent, as
// Perfetto keeps: the event's name, cpu, thread and common_flags, and its
// fields as args. Names come from ftrace_raw_writer.cc's descriptors; an
// event or field weft has no name for is `ftrace_event_N` / `field_N`
// (N: the proto field number). Off with the shell's --no-ftrace-raw.
#ifndef SRC_IMPORTERS_PROTO_FTRACE_FTRACE_RAW_WRITER_H_
#define SRC_IMPORTERS_PROTO_FTRACE_FTRACE_RAW_WRITER_H_

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"
#include "src/importers/proto/ftrace/ftrace_args_memo.h"
#include "src/importers/proto/sequence/iid_map.h"
#include "src/storage/recent_strings.h"

namespace weft {

class FtraceRawWriter {
 public:
  explicit FtraceRawWriter(TraceContext* context)
      : ctx_(context), strings_(&context->storage->pool()) {}

  // |kind|: the FtraceEvent field of the event; |body|: its bytes; |utid|:
  // the writing thread, or kNull to look |tid| up. Throws
  // protozero::exception on malformed bytes (before any row is added).
  // |kernel_symbols|: the event's sequence's interned kernel symbols (null:
  // none); a kernel address field they name is a string arg.
  void Write(int64_t ts, uint32_t cpu, int64_t tid, uint32_t utid, uint32_t common_flags,
             uint32_t kind, protozero::data_view body, const IidMap<StringId>* kernel_symbols);
  // Called before the event's other parsing, for its Write() after it:
  // starts loading what WriteArgs will look up. Not limited to the events
  // whose args use the memo (no kernel symbol fields): for the few others
  // it is wasted, not wrong, and WriteArgs' test is not repeated per event.
  void Prefetch(uint32_t kind, protozero::data_view body) { memo_.Prefetch(kind, body); }

 private:
  // A decoded field: an integer, or (strings) bytes.
  struct Field {
    uint32_t number;
    bool is_string;
    int64_t value;
    std::string_view text;
  };
  // The event's arg set (0: none), shared with the last identical event's
  // when the args table would share it (FtraceArgsMemo).
  uint32_t WriteArgs(uint32_t kind, protozero::data_view body,
                     const IidMap<StringId>* kernel_symbols);
  // Decodes |body| into fields_ and adds them as a new (or shared) set.
  uint32_t AddArgs(uint32_t kind, protozero::data_view body,
                   const IidMap<StringId>* kernel_symbols);
  void ReadFields(protozero::data_view body);
  // The interned event name and arg keys, once per event kind / field (the
  // writer runs for every ftrace event).
  StringId NameId(uint32_t kind);
  struct Key {
    StringId id = kNullStringId;
    bool is_unsigned = false;
    bool is_symbol = false;
  };
  Key KeyOf(uint32_t kind, uint32_t field);
  StringId InternName(uint32_t kind);
  Key MakeKey(uint32_t kind, uint32_t field);
  // An event whose descriptor is complete: its fields in the descriptor's
  // order, the missing ones added as 0 / "".
  void CompleteFields(uint32_t kind);

  // Event kinds and field numbers below these are looked up in vectors
  // (a hash lookup per field was a noticeable part of the load); the rest
  // in the maps.
  static constexpr uint32_t kDirectKinds = 1024;
  static constexpr uint32_t kDirectFields = 32;

  TraceContext* ctx_;
  RecentStrings strings_;  // String fields: comms repeat on most events.
  std::vector<Field> fields_;   // The current event's, reused.
  std::vector<Field> ordered_;  // CompleteFields' scratch, reused.
  std::vector<StringId> direct_name_ids_;  // By kind; kNullStringId: not yet.
  std::vector<std::vector<Key>> direct_keys_;  // By kind, then field.
  std::unordered_map<uint32_t, StringId> name_ids_;
  std::unordered_map<uint64_t, Key> keys_;
  FtraceArgsMemo memo_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_FTRACE_RAW_WRITER_H_
