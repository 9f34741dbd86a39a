// Tables of time intervals: `slice` (all userspace slices, instants as
// zero-duration slices) and `flow` (directed links between slices).
// Invariant after finalize: slice.ts is non-decreasing when the importers
// inserted in timestamp order (checked, not assumed: see Finalize).
// slice's ts, dur, track_id, category and depth are compact columns
// (timestamp_column.h, compact_column.h): ~22 bytes a row instead of 40,
// read a piece at a time by passes over every slice (piece_reader.h).
#ifndef SRC_STORAGE_SLICE_TABLES_H_
#define SRC_STORAGE_SLICE_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/compact_column.h"
#include "src/storage/sparse_column.h"
#include "src/storage/table.h"
#include "src/storage/timestamp_column.h"

namespace weft {

class SliceTable final : public StoredTable {
 public:
  SliceTable() : StoredTable("slice") {}

  uint32_t Insert(int64_t t, int64_t d, uint32_t track, StringId cat_id,
                  StringId name_id, uint32_t depth_value, uint32_t parent,
                  uint32_t args) {
    AppendCommon(t, d, track, cat_id, name_id, depth_value, parent, args);
    thread_ts.AppendNull();
    thread_dur.AppendNull();
    return NextRow();
  }
  // Inserts with thread time present (thread_dur present too, so it can be
  // filled in when the slice ends).
  uint32_t InsertWithThreadTime(int64_t t, int64_t d, uint32_t track,
                                StringId cat_id, StringId name_id,
                                uint32_t depth_value, uint32_t parent,
                                uint32_t args, int64_t tts, int64_t tdur) {
    AppendCommon(t, d, track, cat_id, name_id, depth_value, parent, args);
    thread_ts.Append(tts);
    thread_dur.Append(tdur);
    return NextRow();
  }

  // Rows written column by column, for a caller writing many at once (JS
  // profile calls): |count| rows on one track with one category, depth 0
  // and no thread time; the other cells from arrays of |count| (parent:
  // the caller may keep its own values there until it sets the nesting).
  // Returns the first row.
  struct RowBlock {
    uint32_t track;
    StringId category;
    const int64_t* ts;
    const int64_t* dur;
    const StringId* name;
    const uint32_t* parent;
    const uint32_t* arg_set;
  };
  uint32_t InsertBlock(const RowBlock& block, uint32_t count) {
    ts.AppendBlock(block.ts, count);
    dur.AppendBlock(block.dur, count);
    track_id.AppendFill(block.track, count);
    category.AppendFill(block.category, count);
    name.AppendBlock(block.name, count);
    depth.AppendFill(0, count);
    parent_id.AppendBlock(block.parent, count);
    arg_set_id.AppendBlock(block.arg_set, count);
    thread_ts.AppendNulls(count);
    thread_dur.AppendNulls(count);
    thread_instruction_count.AppendNulls(count);
    thread_instruction_delta.AppendNulls(count);
    uint32_t first = rows_;
    rows_ += count;
    return first;
  }

  IdColumn id{this, "id"};
  TimestampColumn ts{this, "ts"};
  CompactInt64Column dur{this, "dur"};
  CompactUint32Column track_id{this, "track_id", kIndexed};
  DictStringColumn category{this, "category"};
  StringColumn name{this, "name"};
  CompactUint32Column depth{this, "depth"};
  Uint32Column parent_id{this, "parent_id", kIndexed};
  Uint32Column arg_set_id{this, "arg_set_id"};
  SparseInt64Column thread_ts{this, "thread_ts"};
  SparseInt64Column thread_dur{this, "thread_dur"};
  SparseInt64Column thread_instruction_count{this, "thread_instruction_count"};
  SparseInt64Column thread_instruction_delta{this, "thread_instruction_delta"};

 private:
  void AppendCommon(int64_t t, int64_t d, uint32_t track, StringId cat_id,
                    StringId name_id, uint32_t depth_value, uint32_t parent,
                    uint32_t args) {
    ts.Append(t);
    dur.Append(d);
    track_id.Append(track);
    category.Append(cat_id);
    name.Append(name_id);
    depth.Append(depth_value);
    parent_id.Append(parent);
    arg_set_id.Append(args);
    thread_instruction_count.AppendNull();
    thread_instruction_delta.AppendNull();
  }

 public:
  // Aliases kept for old queries; hidden from SELECT *.
  AliasColumn cat{this, "cat", &category, category.flags() | kHidden};
  AliasColumn slice_id{this, "slice_id", &id, (id.flags() & ~kIdColumn) | kHidden};
};

class FlowTable final : public StoredTable {
 public:
  FlowTable() : StoredTable("flow") {}
  // A link with no flow id in the trace (binder, frame timeline, ...).
  uint32_t Insert(uint32_t out, uint32_t in) {
    trace_id.AppendNull();
    return Append(out, in);
  }
  // A link of the trace's flow |trace| (see FlowTracker).
  uint32_t Insert(uint32_t out, uint32_t in, int64_t trace) {
    trace_id.Append(trace);
    return Append(out, in);
  }

  IdColumn id{this, "id"};
  Uint32Column slice_out{this, "slice_out", kIndexed};
  Uint32Column slice_in{this, "slice_in", kIndexed};
  Int64Column trace_id{this, "trace_id"};
  Uint32Column arg_set_id{this, "arg_set_id"};

 private:
  uint32_t Append(uint32_t out, uint32_t in) {
    slice_out.Append(out);
    slice_in.Append(in);
    arg_set_id.AppendNull();
    return NextRow();
  }
};

}  // namespace weft

#endif  // SRC_STORAGE_SLICE_TABLES_H_
