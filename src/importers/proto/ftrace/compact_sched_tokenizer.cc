// ProtoTokenizer::TokenizeCompactSched: the CompactSched columns of an
// FtraceEventBundle into one queued CompactSchedEvent per switch / waking,
// each at its own (delta-decoded, BOOTTIME-converted) timestamp.
#include <algorithm>
#include <string_view>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/clock_snapshot.fields.h"
#include "protos/perfetto/trace/ftrace/ftrace_event_bundle.fields.h"
#include "src/importers/proto/ftrace/compact_sched.h"
#include "src/importers/proto/varints.h"
#include "src/importers/proto/proto_tokenizer.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

namespace {

using namespace proto_wire;  // NOLINT
namespace cs = pb::ftrace_event_bundle_compact_sched;

// The columns of one CompactSched message.
struct CompactColumns {
  std::vector<std::string_view> comms;
  std::vector<uint64_t> switch_ts, waking_ts;
  std::vector<int64_t> switch_prev_state;
  std::vector<int32_t> switch_pid, switch_prio, waking_pid, waking_prio;
  std::vector<uint32_t> switch_comm, waking_comm, waking_flags;
};

CompactColumns ReadColumns(protozero::data_view compact) {
  CompactColumns c;
  protozero::pbf_reader r(compact);
  auto packed = [&r](auto* column) { AppendPackedVarints(r.get_view(), column); };
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(cs::kInternTable, kBytes): c.comms.push_back(View(r.get_view())); break;
      case tag_and_type(cs::kSwitchTimestamp, kBytes): packed(&c.switch_ts); break;
      case tag_and_type(cs::kSwitchPrevState, kBytes): packed(&c.switch_prev_state); break;
      case tag_and_type(cs::kSwitchNextPid, kBytes): packed(&c.switch_pid); break;
      case tag_and_type(cs::kSwitchNextPrio, kBytes): packed(&c.switch_prio); break;
      case tag_and_type(cs::kSwitchNextCommIndex, kBytes): packed(&c.switch_comm); break;
      case tag_and_type(cs::kWakingTimestamp, kBytes): packed(&c.waking_ts); break;
      case tag_and_type(cs::kWakingPid, kBytes): packed(&c.waking_pid); break;
      case tag_and_type(cs::kWakingPrio, kBytes): packed(&c.waking_prio); break;
      case tag_and_type(cs::kWakingCommIndex, kBytes): packed(&c.waking_comm); break;
      case tag_and_type(cs::kWakingCommonFlags, kBytes): packed(&c.waking_flags); break;
      default: r.skip();
    }
  }
  return c;
}

}  // namespace

void ProtoTokenizer::TokenizeCompactSched(uint32_t cpu, protozero::data_view compact,
                                          const SequenceState& seq) {
  CompactColumns c = ReadColumns(compact);
  // Ftrace packets are tokenized holding the shared-state lock: interning
  // is safe here.
  std::vector<StringId> comm_ids;
  comm_ids.reserve(c.comms.size());
  for (std::string_view comm : c.comms) {
    comm_ids.push_back(comm.empty() ? kNullStringId : storage_->Intern(comm));
  }
  std::vector<TimedCompactEvent> switch_events, waking_events;
  auto add_event = [&](uint64_t raw_ts, CompactSchedEvent e, uint32_t comm_index,
                       std::vector<TimedCompactEvent>* out) {
    int64_t ts;
    if (!PacketTime(raw_ts, pb::builtin_clock::kBoottime, seq.seq_id, &ts)) return;
    if (ts < 0) {
      CountStat(Stat::trace_sorter_negative_timestamp_dropped);
      return;
    }
    storage_->NoteRawEventTime(ts);
    e.comm = comm_index < comm_ids.size() ? comm_ids[comm_index] : kNullStringId;
    e.cpu = cpu;
    out->push_back({ts, e});
  };
  switch_events.reserve(c.switch_ts.size());
  waking_events.reserve(c.waking_ts.size());
  size_t switches = c.switch_ts.size();
  if (c.switch_prev_state.size() != switches || c.switch_pid.size() != switches ||
      c.switch_prio.size() != switches || c.switch_comm.size() != switches) {
    CountStat(Stat::ftrace_bundle_tokenizer_errors);  // Columns of different lengths.
  } else {
    uint64_t ts = 0;
    for (size_t i = 0; i < switches; ++i) {
      ts += c.switch_ts[i];
      CompactSchedEvent e{};
      e.kind = CompactSchedEvent::kSwitch;
      e.set_value(c.switch_prev_state[i]);
      e.pid = c.switch_pid[i];
      e.prio = c.switch_prio[i];
      add_event(ts, e, c.switch_comm[i], &switch_events);
    }
  }
  size_t wakings = c.waking_ts.size();
  bool has_flags = c.waking_flags.size() == wakings;
  if (c.waking_pid.size() != wakings || c.waking_prio.size() != wakings ||
      c.waking_comm.size() != wakings || (!has_flags && !c.waking_flags.empty())) {
    CountStat(Stat::ftrace_bundle_tokenizer_errors);
  } else {
    uint64_t ts = 0;
    for (size_t i = 0; i < wakings; ++i) {
      ts += c.waking_ts[i];
      CompactSchedEvent e{};
      e.kind = CompactSchedEvent::kWaking;
      e.pid = c.waking_pid[i];
      e.prio = c.waking_prio[i];
      e.set_value(has_flags ? static_cast<int32_t>(c.waking_flags[i]) : -1);
      add_event(ts, e, c.waking_comm[i], &waking_events);
    }
  }
  QueueCompactEvents(cpu, switch_events, waking_events, seq);
}

void ProtoTokenizer::QueueCompactEvents(uint32_t cpu,
                                        const std::vector<TimedCompactEvent>& switches,
                                        const std::vector<TimedCompactEvent>& wakings,
                                        const SequenceState& seq) {
  auto push = [&](const TimedCompactEvent& t) {
    QueuedPacket q{};
    q.ts = t.ts;
    q.kind = static_cast<uint32_t>(PacketKind::kCompactSched);
    q.generation = seq.generation;
    char encoded[kMaxEncodedCompactSched];
    size_t size = EncodeCompactSched(t.event, encoded);
    queue_->Push(ProtoEventQueue::CompactSchedLane(cpu), q,
                 reinterpret_cast<const uint8_t*>(encoded), size);
  };
  // Parse order is (timestamp, queue order), and a bundle's events take
  // consecutive queue orders: with both columns in time order, merging
  // them (a switch first on equal timestamps) queues them in parse order
  // already, which keeps the cpu's lane sorted. Otherwise all switches go
  // first, then all wakings, and the queue sorts.
  auto by_ts = [](const TimedCompactEvent& a, const TimedCompactEvent& b) { return a.ts < b.ts; };
  if (!std::is_sorted(switches.begin(), switches.end(), by_ts) ||
      !std::is_sorted(wakings.begin(), wakings.end(), by_ts)) {
    for (const TimedCompactEvent& t : switches) push(t);
    for (const TimedCompactEvent& t : wakings) push(t);
    return;
  }
  size_t i = 0, j = 0;
  while (i < switches.size() || j < wakings.size()) {
    bool take_switch = j == wakings.size() || (i < switches.size() && switches[i].ts <= wakings[j].ts);
    push(take_switch ? switches[i++] : wakings[j++]);
  }
}

}  // namespace weft
