// Callstack tables, as Perfetto names them: `stack_profile_mapping` (binaries),
// `stack_profile_frame` (locations in them), `stack_profile_callsite` (a
// stack as a chain of frames, leaf last), `stack_profile_symbol` (source
// locations of frames) and `__intrinsic_track_event_callstacks` (which
// callsite a TrackEvent slice began / ended with). Rows are deduplicated by
// content by StackProfileTracker, so equal stacks share one callsite id.
#ifndef SRC_STORAGE_PROFILER_TABLES_H_
#define SRC_STORAGE_PROFILER_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/compact_column.h"
#include "src/storage/sched_columns.h"
#include "src/storage/table.h"
#include "src/storage/timestamp_column.h"

namespace weft {

class StackProfileMappingTable final : public StoredTable {
 public:
  StackProfileMappingTable() : StoredTable("stack_profile_mapping") {}
  struct Row {
    StringId build_id = kNullStringId;  // Hex.
    int64_t exact_offset = 0, start_offset = 0, start = 0, end = 0, load_bias = 0;
    StringId name = kNullStringId;
  };
  uint32_t Insert(const Row& r) {
    build_id.Append(r.build_id);
    exact_offset.Append(r.exact_offset);
    start_offset.Append(r.start_offset);
    start.Append(r.start);
    end.Append(r.end);
    load_bias.Append(r.load_bias);
    name.Append(r.name);
    return NextRow();
  }

  IdColumn id{this, "id"};
  StringColumn build_id{this, "build_id"};
  Int64Column exact_offset{this, "exact_offset"};
  Int64Column start_offset{this, "start_offset"};
  Int64Column start{this, "start"};
  Int64Column end{this, "end"};
  Int64Column load_bias{this, "load_bias"};
  StringColumn name{this, "name"};
};

class StackProfileFrameTable final : public StoredTable {
 public:
  StackProfileFrameTable() : StoredTable("stack_profile_frame") {}
  uint32_t Insert(StringId n, uint32_t mapping_id, int64_t pc, uint32_t symbol_set) {
    name.Append(n);
    mapping.Append(mapping_id);
    rel_pc.Append(pc);
    symbol_set_id.Append(symbol_set);
    deobfuscated_name.Append(kNullStringId);
    type.Append(kNullStringId);
    return NextRow();
  }

  IdColumn id{this, "id"};
  StringColumn name{this, "name"};
  Uint32Column mapping{this, "mapping"};
  Int64Column rel_pc{this, "rel_pc"};
  Uint32Column symbol_set_id{this, "symbol_set_id"};
  StringColumn deobfuscated_name{this, "deobfuscated_name"};
  StringColumn type{this, "type"};
};

class StackProfileCallsiteTable final : public StoredTable {
 public:
  StackProfileCallsiteTable() : StoredTable("stack_profile_callsite") {}
  uint32_t Insert(uint32_t d, uint32_t parent, uint32_t frame) {
    depth.Append(d);
    parent_id.Append(parent);
    frame_id.Append(frame);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column depth{this, "depth"};
  Uint32Column parent_id{this, "parent_id", kIndexed};
  Uint32Column frame_id{this, "frame_id"};
};

// Rows with one symbol_set_id describe one frame; the most inlined symbol
// has id == symbol_set_id.
class StackProfileSymbolTable final : public StoredTable {
 public:
  StackProfileSymbolTable() : StoredTable("stack_profile_symbol") {}
  // A symbol set of one symbol: its id is its own set id.
  uint32_t InsertSingle(StringId n, StringId file, uint32_t line) {
    symbol_set_id.Append(rows_);
    name.Append(n);
    source_file.Append(file);
    line_number.Append(line);
    inlined.AppendNull();
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column symbol_set_id{this, "symbol_set_id", kSorted};
  StringColumn name{this, "name"};
  StringColumn source_file{this, "source_file"};
  Uint32Column line_number{this, "line_number"};  // kNull: unknown.
  Uint32Column inlined{this, "inlined"};
};

// One row per TrackEvent that carried a callstack: a begin or instant sets
// callsite_id, an end sets end_callsite_id (the slice it ended).
class TrackEventCallstacksTable final : public StoredTable {
 public:
  TrackEventCallstacksTable() : StoredTable("__intrinsic_track_event_callstacks") {}
  uint32_t Insert(uint32_t slice, uint32_t track, uint32_t callsite, bool is_end,
                  bool has_weight, double w) {
    slice_id.Append(slice);
    track_id.Append(track);
    callsite_id.Append(is_end ? Uint32Column::kNull : callsite);
    end_callsite_id.Append(is_end ? callsite : Uint32Column::kNull);
    if (has_weight) {
      weight.Append(w);
    } else {
      weight.AppendNull();
    }
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column slice_id{this, "slice_id", kIndexed};
  Uint32Column track_id{this, "track_id"};
  Uint32Column callsite_id{this, "callsite_id"};
  Uint32Column end_callsite_id{this, "end_callsite_id"};
  DoubleColumn weight{this, "weight"};
};

// One row per sample of a CPU profile (V8 JS sampling): the stack, as a
// callsite, on thread |utid| at |ts|. Perfetto's cpu_profile_stack_sample.
// A profile has a sample every 0.1-1 ms (7.2M rows from a 48 MB
// .cpuprofile): ts is 3- or 4-byte offsets (timestamp_column.h), the ids
// and the priority compact columns (compact_column.h, sched_columns.h),
// about 8 bytes a row instead of 24.
class CpuProfileStackSampleTable final : public StoredTable {
 public:
  CpuProfileStackSampleTable() : StoredTable("cpu_profile_stack_sample") {}
  uint32_t Insert(int64_t t, uint32_t callsite, uint32_t thread, int64_t priority) {
    ts.Append(t);
    callsite_id.Append(callsite);
    utid.Append(thread);
    process_priority.Append(priority);
    return NextRow();
  }

  IdColumn id{this, "id"};
  TimestampColumn ts{this, "ts"};
  CompactUint32Column callsite_id{this, "callsite_id"};
  CompactUint32Column utid{this, "utid"};
  SmallInt64Column process_priority{this, "process_priority"};
};

// Native heap profile allocations (heapprofd). weft imports none yet; the
// table exists, empty, so Perfetto's queries over it run.
class HeapProfileAllocationTable final : public StoredTable {
 public:
  HeapProfileAllocationTable() : StoredTable("heap_profile_allocation") {}

  IdColumn id{this, "id"};
  Int64Column ts{this, "ts"};
  Uint32Column upid{this, "upid"};
  StringColumn heap_name{this, "heap_name"};
  Uint32Column callsite_id{this, "callsite_id"};
  Int64Column count{this, "count"};
  Int64Column size{this, "size"};
};

}  // namespace weft

#endif  // SRC_STORAGE_PROFILER_TABLES_H_
