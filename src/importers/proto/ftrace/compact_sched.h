// CompactSchedEvent: one sched_switch or sched_waking of a bundle's
// CompactSched columns, as the tokenizer queues it for FtraceParser. The
// columns leave out what the parser can infer: a switch's prev_* fields are
// the cpu's previous switch's next_* ones, a waking's waker is the thread
// running on its cpu. A compact trace queues every event until its sorting
// window closes (often the end of the file), so it is queued as a few
// varints (EncodeCompactSched: 6-10 bytes, not the struct's 28), and the
// comm is interned by the tokenizer once per bundle entry instead of being
// copied into each event.
#ifndef SRC_IMPORTERS_PROTO_FTRACE_COMPACT_SCHED_H_
#define SRC_IMPORTERS_PROTO_FTRACE_COMPACT_SCHED_H_

#include <cstdint>
#include <cstring>

#include <protozero/exception.hpp>
#include <protozero/varint.hpp>

#include "src/base/compiler.h"
#include "src/importers/proto/varints.h"
#include "src/storage/string_pool.h"

namespace weft {

struct CompactSchedEvent {
  enum Kind : uint32_t { kSwitch, kWaking };
  uint32_t kind;
  uint32_t cpu;
  int32_t pid;  // Switch: next_pid; waking: the woken thread.
  int32_t prio;
  StringId comm;  // kNullStringId: none.
  // Switch: prev_state; waking: common_flags, -1 when the trace has none.
  // Two words, not an int64_t: no 8-byte alignment, no padding.
  uint32_t value_words[2];

  void set_value(int64_t v) { memcpy(value_words, &v, sizeof(v)); }
  int64_t value() const {
    int64_t v;
    memcpy(&v, value_words, sizeof(v));
    return v;
  }
};

// The queued form: (cpu << 1 | kind), pid, value, and for a switch prio and
// comm (the parser reads neither of a waking), as varints (signed ones
// zigzag). Returns the size written to |out|.
constexpr size_t kMaxEncodedCompactSched = 5 * protozero::max_varint_length;
inline size_t EncodeCompactSched(const CompactSchedEvent& e, char* out) {
  char* p = out;
  p += protozero::add_varint_to_buffer(p, (uint64_t{e.cpu} << 1) | e.kind);
  p += protozero::add_varint_to_buffer(p, protozero::encode_zigzag32(e.pid));
  p += protozero::add_varint_to_buffer(p, protozero::encode_zigzag64(e.value()));
  if (e.kind == CompactSchedEvent::kSwitch) {
    p += protozero::add_varint_to_buffer(p, protozero::encode_zigzag32(e.prio));
    p += protozero::add_varint_to_buffer(p, e.comm);
  }
  return static_cast<size_t>(p - out);
}

// The event EncodeCompactSched wrote (a waking's prio 0, comm none); false
// if |data| is not one.
WEFT_ALWAYS_INLINE bool DecodeCompactSched(const char* data, size_t size, CompactSchedEvent* e) {
  const char* end = data + size;
  try {
    uint64_t head = DecodeVarint(&data, end);
    *e = CompactSchedEvent{};
    e->kind = static_cast<uint32_t>(head & 1);
    e->cpu = static_cast<uint32_t>(head >> 1);
    e->pid = protozero::decode_zigzag32(static_cast<uint32_t>(DecodeVarint(&data, end)));
    e->set_value(protozero::decode_zigzag64(DecodeVarint(&data, end)));
    if (e->kind == CompactSchedEvent::kSwitch) {
      e->prio = protozero::decode_zigzag32(static_cast<uint32_t>(DecodeVarint(&data, end)));
      e->comm = static_cast<StringId>(DecodeVarint(&data, end));
    }
  } catch (const protozero::exception&) {
    return false;
  }
  return true;
}

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_COMPACT_SCHED_H_
