// The span join's merge: reads each input through a prepared statement in
// (partition, ts) order and walks both inputs once, emitting the
// intersections of their spans (and, for left / outer joins, the pieces of
// one side's spans not covered by the other).
//
// Each side of a partition is viewed as a timeline covering all of time:
// its real spans plus "gaps" between them (before the first span, between
// spans, after the last one). The merge steps through the two timelines
// like a merge of sorted lists, always retiring the segment that ends
// first, and emits a row for every overlapping pair it passes in which the
// join kind allows both members (inner: real x real; left: real t1 x any;
// outer: any x any but not gap x gap). Work is O(n + m) per partition.
//
// Within one partition the spans of an input must not overlap; SpanSource
// checks this while reading (a span starting before the previous one ended)
// and fails the query.
#ifndef SRC_SQL_OPERATORS_SPAN_JOIN_MERGE_H_
#define SRC_SQL_OPERATORS_SPAN_JOIN_MERGE_H_

#include <sqlite3.h>

#include <cstdint>
#include <string>

#include "src/base/status.h"

namespace weft {

enum class SpanJoinKind { kInner, kLeft, kOuter };

enum class SpanPartitioning {
  kNone,   // Neither input is partitioned.
  kSame,   // Both inputs are partitioned on the same column.
  kMixed,  // One input is partitioned; the other is joined with every
           // partition of it.
};

// One input's rows in (partition, ts) order, read through a prepared
// statement that the SpanSource owns.
class SpanSource {
 public:
  SpanSource() = default;
  ~SpanSource();
  SpanSource(const SpanSource&) = delete;
  SpanSource& operator=(const SpanSource&) = delete;

  // |table| names the input in error messages; the column indices are those
  // of the statement's result (|part_col| < 0: unpartitioned).
  void Configure(std::string table, int ts_col, int dur_col, int part_col);

  // Prepares |sql| (or keeps the statement if it is the same SQL as last
  // time) and clears its bindings. Bind with sqlite3_bind_* on stmt().
  Status Prepare(sqlite3* db, const std::string& sql);
  sqlite3_stmt* stmt() const { return stmt_; }

  // Runs the statement from the start and reads the first row.
  Status Rewind();
  // Reads the next row; fails if it overlaps the previous span of its
  // partition or its partition is not an integer.
  Status Next();

  bool eof() const { return eof_; }
  int64_t ts() const { return ts_; }
  int64_t dur() const { return dur_; }
  int64_t partition() const { return partition_; }
  // End used for overlap tests: ts + dur, or ts when dur < 0 (dur -1 marks
  // an unfinished slice).
  int64_t end() const { return end_; }
  // ts + dur as is (saturated); used for the output dur like Perfetto.
  int64_t raw_end() const { return raw_end_; }

 private:
  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  std::string sql_;
  std::string table_;
  int ts_col_ = 0;
  int dur_col_ = 1;
  int part_col_ = -1;

  bool eof_ = true;
  int64_t ts_ = 0;
  int64_t dur_ = 0;
  int64_t end_ = 0;
  int64_t raw_end_ = 0;
  int64_t partition_ = 0;

  bool has_prev_ = false;
  int64_t prev_ts_ = 0;
  int64_t prev_dur_ = 0;
  int64_t prev_end_ = 0;
  int64_t prev_partition_ = 0;
};

// A piece of one side's timeline: a real span (the source's current row) or
// a gap between spans. Gaps are never empty; real spans may be (dur 0).
struct SpanSegment {
  int64_t ts = 0;
  int64_t end = 0;      // Exclusive; == ts for zero-duration spans.
  int64_t raw_end = 0;  // For the output dur (see SpanSource::raw_end).
  bool real = false;
};

// Walks one side's timeline within one partition.
class SpanTimeline {
 public:
  // |partitioned|: rows of other partitions end the timeline.
  void Init(SpanSource* source, bool partitioned);
  // Starts the timeline of |partition|; the source must be on that
  // partition's first row, or on a later partition / eof (no spans).
  void Begin(int64_t partition);
  // Moves to the next segment (stepping the source past a real span).
  Status Advance();

  bool done() const { return done_; }
  const SpanSegment& segment() const { return seg_; }

 private:
  bool InPartition() const;
  void EnterFrom(int64_t from);

  SpanSource* source_ = nullptr;
  bool partitioned_ = false;
  int64_t partition_ = 0;
  SpanSegment seg_;
  bool final_gap_ = false;
  bool done_ = true;
};

// The merge of two sources. Sources must be prepared and bound by the
// caller; Start() runs them.
class SpanMerge {
 public:
  // |t1_partitioned| / |t2_partitioned| say which sources carry partitions
  // (both for kSame, one for kMixed, none for kNone).
  SpanMerge(SpanJoinKind kind, SpanPartitioning partitioning, SpanSource* t1,
            SpanSource* t2, bool t1_partitioned);

  // Runs both inputs from the start and finds the first output row.
  Status Start();
  Status Next();
  bool eof() const { return eof_; }

  // The current output row.
  int64_t ts() const;
  int64_t dur() const;
  int64_t partition() const { return partition_; }
  // Whether side 0 (t1) / 1 (t2) is a real span (else its columns are NULL).
  bool real(int side) const {
    return (side == 0 ? t1_line_ : t2_line_).segment().real;
  }

 private:
  Status Seek();
  Status RetireOne();
  Status BeginNextPartition(bool* found);
  Status Drain();
  bool Emits() const;

  SpanJoinKind kind_;
  SpanPartitioning partitioning_;
  SpanSource* t1_;
  SpanSource* t2_;
  bool t1_partitioned_;
  SpanTimeline t1_line_;
  SpanTimeline t2_line_;

  bool eof_ = true;
  bool active_ = false;        // Inside a partition.
  bool started_once_ = false;  // kNone: the single partition has begun.
  int64_t partition_ = 0;
};

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SPAN_JOIN_MERGE_H_
