// The span join's merge: see span_join_merge.h.
#include "src/sql/operators/span_join_merge.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace weft {
namespace {

constexpr int64_t kMinTs = std::numeric_limits<int64_t>::min();
constexpr int64_t kMaxTs = std::numeric_limits<int64_t>::max();

int64_t SaturatingAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return b > 0 ? kMaxTs : kMinTs;
  return r;
}

bool IsEmpty(const SpanSegment& s) { return s.ts == s.end; }

// Whether two segments share time. Non-empty segments are half-open
// [ts, end); a zero-duration span at x lies in a segment when
// ts <= x < end, and meets another zero-duration span only at the same x.
bool Overlaps(const SpanSegment& a, const SpanSegment& b) {
  bool a_empty = IsEmpty(a), b_empty = IsEmpty(b);
  if (!a_empty && !b_empty) return std::max(a.ts, b.ts) < std::min(a.end, b.end);
  if (a_empty && b_empty) return a.ts == b.ts;
  if (a_empty) return b.ts <= a.ts && a.ts < b.end;
  return a.ts <= b.ts && b.ts < a.end;
}

}  // namespace

// SpanSource --------------------------------------------------------------

SpanSource::~SpanSource() {
  if (stmt_) sqlite3_finalize(stmt_);
}

void SpanSource::Configure(std::string table, int ts_col, int dur_col,
                           int part_col) {
  table_ = std::move(table);
  ts_col_ = ts_col;
  dur_col_ = dur_col;
  part_col_ = part_col;
}

Status SpanSource::Prepare(sqlite3* db, const std::string& sql) {
  eof_ = true;
  if (stmt_ && db == db_ && sql == sql_) {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    return Status::Ok();
  }
  if (stmt_) sqlite3_finalize(stmt_);
  stmt_ = nullptr;
  sql_.clear();
  db_ = db;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt_, nullptr) != SQLITE_OK) {
    Status s = ErrStatus("SPAN_JOIN: cannot read table %s: %s", table_.c_str(),
                         sqlite3_errmsg(db));
    sqlite3_finalize(stmt_);
    stmt_ = nullptr;
    return s;
  }
  sql_ = sql;
  return Status::Ok();
}

Status SpanSource::Rewind() {
  if (!stmt_) return Status::Error("SPAN_JOIN: input not prepared");
  sqlite3_reset(stmt_);
  has_prev_ = false;
  eof_ = true;  // No current row to remember as the previous one.
  return Next();
}

Status SpanSource::Next() {
  if (!eof_) {
    // Remember the span we are leaving for the overlap check.
    has_prev_ = true;
    prev_ts_ = ts_;
    prev_dur_ = dur_;
    prev_end_ = end_;
    prev_partition_ = partition_;
  }
  for (;;) {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_DONE) {
      eof_ = true;
      return Status::Ok();
    }
    if (rc != SQLITE_ROW) {
      eof_ = true;
      return ErrStatus("SPAN_JOIN: error reading table %s: %s", table_.c_str(),
                       sqlite3_errmsg(db_));
    }
    if (part_col_ >= 0) {
      int type = sqlite3_column_type(stmt_, part_col_);
      if (type == SQLITE_NULL) continue;  // Rows without a partition join nothing.
      if (type != SQLITE_INTEGER) {
        eof_ = true;
        const char* kind = type == SQLITE_FLOAT  ? "REAL"
                           : type == SQLITE_TEXT ? "TEXT"
                                                 : "BLOB";
        return ErrStatus(
            "SPAN_JOIN: partition column of table %s must hold integers, "
            "found a %s value",
            table_.c_str(), kind);
      }
      partition_ = sqlite3_column_int64(stmt_, part_col_);
    }
    break;
  }
  eof_ = false;
  ts_ = sqlite3_column_int64(stmt_, ts_col_);
  dur_ = sqlite3_column_int64(stmt_, dur_col_);
  raw_end_ = SaturatingAdd(ts_, dur_);
  end_ = dur_ < 0 ? ts_ : raw_end_;

  bool same_partition = part_col_ < 0 || partition_ == prev_partition_;
  if (has_prev_ && same_partition && ts_ < prev_end_) {
    eof_ = true;
    if (part_col_ >= 0) {
      return ErrStatus(
          "SPAN_JOIN: overlapping spans in table %s (partition %lld): the "
          "span at ts=%lld starts before the previous span (ts=%lld, "
          "dur=%lld) ends",
          table_.c_str(), static_cast<long long>(partition_),
          static_cast<long long>(ts_), static_cast<long long>(prev_ts_),
          static_cast<long long>(prev_dur_));
    }
    return ErrStatus(
        "SPAN_JOIN: overlapping spans in table %s: the span at ts=%lld starts "
        "before the previous span (ts=%lld, dur=%lld) ends",
        table_.c_str(), static_cast<long long>(ts_),
        static_cast<long long>(prev_ts_), static_cast<long long>(prev_dur_));
  }
  return Status::Ok();
}

// SpanTimeline ------------------------------------------------------------

void SpanTimeline::Init(SpanSource* source, bool partitioned) {
  source_ = source;
  partitioned_ = partitioned;
  done_ = true;
}

bool SpanTimeline::InPartition() const {
  return !source_->eof() &&
         (!partitioned_ || source_->partition() == partition_);
}

void SpanTimeline::Begin(int64_t partition) {
  partition_ = partition;
  done_ = false;
  EnterFrom(kMinTs);
}

// Positions on whatever follows time |from|: the gap up to the next span,
// that span itself, or the gap to the end of time.
void SpanTimeline::EnterFrom(int64_t from) {
  final_gap_ = false;
  if (InPartition()) {
    int64_t next = source_->ts();
    if (next > from) {
      seg_ = SpanSegment{from, next, next, false};
    } else {
      seg_ = SpanSegment{source_->ts(), source_->end(), source_->raw_end(), true};
    }
  } else if (from < kMaxTs) {
    seg_ = SpanSegment{from, kMaxTs, kMaxTs, false};
    final_gap_ = true;
  } else {
    done_ = true;
  }
}

Status SpanTimeline::Advance() {
  if (done_) return Status::Ok();
  if (seg_.real) {
    int64_t end = seg_.end;
    WEFT_RETURN_IF_ERROR(source_->Next());
    EnterFrom(end);
  } else if (final_gap_) {
    done_ = true;
  } else {
    seg_ = SpanSegment{source_->ts(), source_->end(), source_->raw_end(), true};
  }
  return Status::Ok();
}

// SpanMerge ---------------------------------------------------------------

SpanMerge::SpanMerge(SpanJoinKind kind, SpanPartitioning partitioning,
                     SpanSource* t1, SpanSource* t2, bool t1_partitioned)
    : kind_(kind),
      partitioning_(partitioning),
      t1_(t1),
      t2_(t2),
      t1_partitioned_(t1_partitioned) {
  bool p1 = partitioning == SpanPartitioning::kSame ||
            (partitioning == SpanPartitioning::kMixed && t1_partitioned);
  bool p2 = partitioning == SpanPartitioning::kSame ||
            (partitioning == SpanPartitioning::kMixed && !t1_partitioned);
  t1_line_.Init(t1, p1);
  t2_line_.Init(t2, p2);
}

Status SpanMerge::Start() {
  eof_ = false;
  active_ = false;
  started_once_ = false;
  if (partitioning_ == SpanPartitioning::kMixed) {
    // The unpartitioned side is run once per partition, when it begins.
    WEFT_RETURN_IF_ERROR((t1_partitioned_ ? t1_ : t2_)->Rewind());
  } else {
    WEFT_RETURN_IF_ERROR(t1_->Rewind());
    WEFT_RETURN_IF_ERROR(t2_->Rewind());
  }
  return Seek();
}

Status SpanMerge::Next() {
  if (eof_) return Status::Ok();
  WEFT_RETURN_IF_ERROR(RetireOne());
  return Seek();
}

int64_t SpanMerge::ts() const {
  return std::max(t1_line_.segment().ts, t2_line_.segment().ts);
}

int64_t SpanMerge::dur() const {
  int64_t end =
      std::min(t1_line_.segment().raw_end, t2_line_.segment().raw_end);
  return static_cast<int64_t>(static_cast<uint64_t>(end) -
                              static_cast<uint64_t>(ts()));
}

bool SpanMerge::Emits() const {
  const SpanSegment& a = t1_line_.segment();
  const SpanSegment& b = t2_line_.segment();
  if (!a.real && !b.real) return false;
  if (!a.real && kind_ != SpanJoinKind::kOuter) return false;
  if (!b.real && kind_ == SpanJoinKind::kInner) return false;
  return Overlaps(a, b);
}

// Retires the segment that ends first: nothing later on the other side can
// overlap it. On equal ends a non-empty segment goes first, since a
// zero-duration span at the shared end can still meet the other side's
// next segment.
Status SpanMerge::RetireOne() {
  const SpanSegment& a = t1_line_.segment();
  const SpanSegment& b = t2_line_.segment();
  bool retire_t1;
  if (a.end != b.end) {
    retire_t1 = a.end < b.end;
  } else if (IsEmpty(a) != IsEmpty(b)) {
    retire_t1 = !IsEmpty(a);
  } else {
    retire_t1 = false;
  }
  return retire_t1 ? t1_line_.Advance() : t2_line_.Advance();
}

// Skips the rest of the current partition on both sides.
Status SpanMerge::Drain() {
  while (!t1_line_.done()) WEFT_RETURN_IF_ERROR(t1_line_.Advance());
  while (!t2_line_.done()) WEFT_RETURN_IF_ERROR(t2_line_.Advance());
  return Status::Ok();
}

Status SpanMerge::BeginNextPartition(bool* found) {
  *found = false;
  int64_t p = 0;
  switch (partitioning_) {
    case SpanPartitioning::kNone:
      if (started_once_) return Status::Ok();
      started_once_ = true;
      break;
    case SpanPartitioning::kSame:
      switch (kind_) {
        case SpanJoinKind::kInner:
          // Only partitions present on both sides.
          for (;;) {
            if (t1_->eof() || t2_->eof()) return Status::Ok();
            if (t1_->partition() < t2_->partition()) {
              WEFT_RETURN_IF_ERROR(t1_->Next());
            } else if (t2_->partition() < t1_->partition()) {
              WEFT_RETURN_IF_ERROR(t2_->Next());
            } else {
              break;
            }
          }
          p = t1_->partition();
          break;
        case SpanJoinKind::kLeft:
          // Every partition of t1.
          if (t1_->eof()) return Status::Ok();
          p = t1_->partition();
          while (!t2_->eof() && t2_->partition() < p) {
            WEFT_RETURN_IF_ERROR(t2_->Next());
          }
          break;
        case SpanJoinKind::kOuter:
          // Every partition of either side.
          if (t1_->eof() && t2_->eof()) return Status::Ok();
          if (t1_->eof()) {
            p = t2_->partition();
          } else if (t2_->eof()) {
            p = t1_->partition();
          } else {
            p = std::min(t1_->partition(), t2_->partition());
          }
          break;
      }
      break;
    case SpanPartitioning::kMixed: {
      // Every partition of the partitioned side, joined with all of the
      // unpartitioned side.
      SpanSource* partitioned = t1_partitioned_ ? t1_ : t2_;
      SpanSource* unpartitioned = t1_partitioned_ ? t2_ : t1_;
      if (partitioned->eof()) return Status::Ok();
      p = partitioned->partition();
      WEFT_RETURN_IF_ERROR(unpartitioned->Rewind());
      break;
    }
  }
  partition_ = p;
  t1_line_.Begin(p);
  t2_line_.Begin(p);
  *found = true;
  return Status::Ok();
}

Status SpanMerge::Seek() {
  for (;;) {
    if (!active_) {
      bool found;
      WEFT_RETURN_IF_ERROR(BeginNextPartition(&found));
      if (!found) {
        eof_ = true;
        return Status::Ok();
      }
      active_ = true;
    }
    if (t1_line_.done() || t2_line_.done()) {
      WEFT_RETURN_IF_ERROR(Drain());
      active_ = false;
      continue;
    }
    if (Emits()) return Status::Ok();
    WEFT_RETURN_IF_ERROR(RetireOne());
  }
}

}  // namespace weft
