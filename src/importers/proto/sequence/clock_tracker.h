// ClockTracker: converts timestamps of any clock domain to the trace clock
// (BOOTTIME unless a ClockSnapshot names another primary_trace_clock), using
// the ClockSnapshots seen so far: a path search over the clocks read together
// in snapshots, and per hop the nearest snapshot at or before the timestamp.
// As in Perfetto, the snapshots of one set of clocks form a series, and a
// clock must not go backwards within a series (across series it may: two
// sets of clocks read at different moments are independent).
#ifndef SRC_IMPORTERS_PROTO_SEQUENCE_CLOCK_TRACKER_H_
#define SRC_IMPORTERS_PROTO_SEQUENCE_CLOCK_TRACKER_H_

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace weft {

class ClockTracker {
 public:
  // Builtin clocks (0..63) are global; ids 64..127 are scoped to the packet
  // sequence that uses them, so their ClockId carries the sequence id.
  using ClockId = uint64_t;
  static constexpr ClockId kBoottime = 6;
  static ClockId SequenceScoped(uint32_t seq_id, uint32_t clock_id) {
    return clock_id >= 64 && clock_id <= 127 ? (uint64_t{seq_id} << 32) | clock_id : clock_id;
  }

  // One clock of a ClockSnapshot. Incremental clocks: later packet
  // timestamps in this clock are deltas from the previous one.
  struct Reading {
    ClockId id = 0;
    uint64_t timestamp = 0;  // In the clock's unit.
    bool incremental = false;
    uint64_t unit_multiplier_ns = 1;
  };

  // Adds a snapshot; false (and nothing changes) when it is invalid: a clock
  // read twice, id 0, a zero unit, or the trace clock going backwards since
  // the previous snapshot of the same set of clocks.
  // Another clock going backwards is marked non-monotonic: timestamps in it
  // no longer convert (as in Perfetto).
  bool AddSnapshot(const std::vector<Reading>& readings);

  // primary_trace_clock; false if timestamps were already converted to
  // another trace clock (the trace clock then stays).
  bool SetTraceClock(ClockId id);
  ClockId trace_clock() const { return trace_clock_; }

  // A packet timestamp in |clock|: scaled by the clock's unit, accumulated
  // if the clock is incremental, then converted. nullopt: no path to the
  // trace clock (or overflow).
  std::optional<int64_t> PacketToTraceTime(ClockId clock, uint64_t raw) {
    if (clock == trace_clock_ && !has_scaled_clocks_ && raw <= static_cast<uint64_t>(INT64_MAX)) {
      converted_ = true;  // The common case: nanoseconds in the trace clock.
      return static_cast<int64_t>(raw);
    }
    return ConvertPacketTime(clock, raw);
  }

  // Converts nanoseconds in |clock| to the trace clock.
  std::optional<int64_t> ToTraceTime(ClockId clock, int64_t ns);
  // The same, touching no cache or flag: for the parser thread, which may
  // call it while the tokenizer converts packet times (snapshots are only
  // added while the parser is idle).
  std::optional<int64_t> ToTraceTimeReadOnly(ClockId clock, int64_t ns) const;

 private:
  std::optional<int64_t> ConvertPacketTime(ClockId clock, uint64_t raw);
  struct Clock {
    uint64_t unit_multiplier_ns = 1;
    bool incremental = false;
    int64_t last_ns = 0;  // Latest value (incremental clocks).
    std::vector<ClockId> neighbors;  // Clocks read in a snapshot with it.
  };
  // Readings of two clocks (first < second) taken together in one series,
  // in snapshot order (non-decreasing, but for non-monotonic clocks).
  using PairKey = std::pair<ClockId, ClockId>;
  using PairReadings = std::vector<std::pair<int64_t, int64_t>>;
  // A pair's readings in each series (by series id) that read both clocks.
  using PairSeries = std::map<uint32_t, PairReadings>;

  // Shortest chain of clocks from |from| to the trace clock (empty: none).
  const std::vector<ClockId>& PathToTraceClock(ClockId from);
  void FindPath(ClockId from, std::vector<ClockId>* path) const;
  std::optional<int64_t> Follow(const std::vector<ClockId>& path, int64_t ns) const;
  static std::optional<int64_t> Hop(const PairSeries& series, bool forward, int64_t ns);

  std::unordered_map<ClockId, Clock> clocks_;
  std::map<std::vector<ClockId>, uint32_t> series_ids_;  // By sorted clock set.
  // Per series id: each clock's latest reading (ns).
  std::vector<std::unordered_map<ClockId, int64_t>> series_latest_;
  std::map<PairKey, PairSeries> pairs_;
  std::unordered_map<ClockId, std::vector<ClockId>> path_cache_;
  std::unordered_set<ClockId> non_monotonic_;
  ClockId trace_clock_ = kBoottime;
  bool converted_ = false;
  bool has_scaled_clocks_ = false;  // Some clock is incremental or not in ns.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_SEQUENCE_CLOCK_TRACKER_H_
