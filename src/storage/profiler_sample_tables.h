// Perfetto's generic sampler tables: every callstack / counter sample of a
// sampling profiler (linux perf's PerfSample, the StackSample packet) is a
// row of __intrinsic_profiler_sample, attributed to a task context (thread,
// process, async context) and an execution context (cpu, privilege mode),
// with the counter values read at the sample as a counter set. The public
// views over them (perf_sample, stack_sample, ...) are SQL
// (src/sql/profiler_views.cc). Contexts are deduplicated by
// ProfilerSampleTracker.
#ifndef SRC_STORAGE_PROFILER_SAMPLE_TABLES_H_
#define SRC_STORAGE_PROFILER_SAMPLE_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

// One data source instance of a sampling profiler (a perf session, a
// StackSample stream).
class ProfilerSessionTable final : public StoredTable {
 public:
  ProfilerSessionTable() : StoredTable("__intrinsic_profiler_session") {}
  uint32_t Insert(StringId src) {
    source.Append(src);
    timebase_unit.Append(kNullStringId);
    cmdline.Append(kNullStringId);
    return NextRow();
  }

  IdColumn id{this, "id"};
  StringColumn source{this, "source"};
  StringColumn timebase_unit{this, "timebase_unit"};
  StringColumn cmdline{this, "cmdline"};
};

// A stackful async context (goroutine, fiber ...).
class ProfilerAsyncContextTable final : public StoredTable {
 public:
  ProfilerAsyncContextTable() : StoredTable("__intrinsic_profiler_async_context") {}
  uint32_t Insert(StringId n, StringId k, uint32_t parent) {
    name.Append(n);
    kind.Append(k);
    parent_id.Append(parent);
    return NextRow();
  }

  IdColumn id{this, "id"};
  StringColumn name{this, "name"};
  StringColumn kind{this, "kind"};
  Uint32Column parent_id{this, "parent_id"};
};

// The task a sample is attributed to (kNull columns: unknown).
class ProfilerTaskContextTable final : public StoredTable {
 public:
  ProfilerTaskContextTable() : StoredTable("__intrinsic_profiler_task_context") {}
  struct Row {
    uint32_t upid = Uint32Column::kNull;
    uint32_t utid = Uint32Column::kNull;
    uint32_t async_context_id = Uint32Column::kNull;
  };
  uint32_t Insert(const Row& r) {
    upid.Append(r.upid);
    utid.Append(r.utid);
    async_context_id.Append(r.async_context_id);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column upid{this, "upid"};
  Uint32Column utid{this, "utid"};
  Uint32Column async_context_id{this, "async_context_id"};
};

// Where a sample was taken: cpu and privilege mode. ucpu is the cpu number
// (Perfetto's ucpu of a host cpu; weft's cpu table ids are in order of
// appearance, so join on cpu.cpu).
class ProfilerExecutionContextTable final : public StoredTable {
 public:
  ProfilerExecutionContextTable() : StoredTable("__intrinsic_profiler_execution_context") {}
  uint32_t Insert(uint32_t cpu, StringId mode) {
    ucpu.Append(cpu);
    cpu_mode.Append(mode);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column ucpu{this, "ucpu"};
  StringColumn cpu_mode{this, "cpu_mode"};
};

// The counter values (counter table rows) read at one sample: the rows
// sharing a counter_set_id.
class ProfilerCounterSetTable final : public StoredTable {
 public:
  ProfilerCounterSetTable() : StoredTable("__intrinsic_profiler_counter_set") {}
  uint32_t Insert(uint32_t set, uint32_t counter) {
    counter_set_id.Append(set);
    counter_id.Append(counter);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column counter_set_id{this, "counter_set_id", kSorted};
  Uint32Column counter_id{this, "counter_id"};
};

class ProfilerSampleTable final : public StoredTable {
 public:
  ProfilerSampleTable() : StoredTable("__intrinsic_profiler_sample") {}
  struct Row {
    int64_t ts = 0;
    StringId source = kNullStringId;
    uint32_t task_context_id = Uint32Column::kNull;
    uint32_t execution_context_id = Uint32Column::kNull;
    uint32_t callsite_id = Uint32Column::kNull;
    StringId unwind_error = kNullStringId;
    uint32_t session_id = Uint32Column::kNull;
    uint32_t counter_set_id = Uint32Column::kNull;
  };
  uint32_t Insert(const Row& r) {
    ts.Append(r.ts);
    source.Append(r.source);
    task_context_id.Append(r.task_context_id);
    execution_context_id.Append(r.execution_context_id);
    callsite_id.Append(r.callsite_id);
    unwind_error.Append(r.unwind_error);
    session_id.Append(r.session_id);
    counter_set_id.Append(r.counter_set_id);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Int64Column ts{this, "ts"};
  StringColumn source{this, "source"};
  Uint32Column task_context_id{this, "task_context_id"};
  Uint32Column execution_context_id{this, "execution_context_id"};
  Uint32Column callsite_id{this, "callsite_id"};
  StringColumn unwind_error{this, "unwind_error"};
  Uint32Column session_id{this, "session_id"};
  Uint32Column counter_set_id{this, "counter_set_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_PROFILER_SAMPLE_TABLES_H_
