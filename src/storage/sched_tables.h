// Scheduling tables: `sched` (a thread running on a cpu), `thread_state`
// (what a thread was doing over time) and `cpu` (one row per cpu seen).
// sched and thread_state have several rows per context switch: their small
// numbers, durations and states are compact columns (compact_column.h,
// sched_columns.h: ucpu costs nothing on one machine), the waker columns
// of thread_state sparse (sparse_column.h: a bit per row, bytes on
// wakeups only), their timestamps 3- or 4-byte offsets (timestamp_column.h).
// A thread_state "Running" row made with a sched slice keeps no cells of
// its own: it reads the slice's (running_rows.h, thread_state_columns.h).
#ifndef SRC_STORAGE_SCHED_TABLES_H_
#define SRC_STORAGE_SCHED_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/compact_column.h"
#include "src/storage/running_rows.h"
#include "src/storage/sched_columns.h"
#include "src/storage/sparse_column.h"
#include "src/storage/table.h"
#include "src/storage/thread_state_columns.h"
#include "src/storage/timestamp_column.h"

namespace weft {

class SchedTable final : public StoredTable {
 public:
  SchedTable() : StoredTable("sched") {}
  uint32_t Insert(int64_t t, int64_t d, uint32_t cpu_value, uint32_t thread,
                  uint32_t ucpu_value, int64_t priority_value = 0) {
    ts.Append(t);
    dur.Append(d);
    cpu.Append(cpu_value);
    utid.Append(thread);
    end_state.Append(kNullStringId);
    priority.Append(priority_value);
    ucpu.Append(ucpu_value, cpu_value);
    return NextRow();
  }

  IdColumn id{this, "id"};
  TimestampColumn ts{this, "ts"};
  CompactInt64Column dur{this, "dur"};
  // Indexed: the viewer reads one CPU's slices per window.
  CompactUint32Column cpu{this, "cpu", kIndexed};
  CompactUint32Column utid{this, "utid", kIndexed};
  DictStringColumn end_state{this, "end_state"};
  SmallInt64Column priority{this, "priority"};
  UcpuColumn ucpu{this, "ucpu", &cpu};
};

class ThreadStateTable final : public StoredTable {
 public:
  // Running rows read the cells of |sched|'s slices (running_rows.h).
  explicit ThreadStateTable(const SchedTable* sched)
      : StoredTable("thread_state"), sched_(sched) {}
  // A row with its optional cells (kNull: NULL) given at once: setting
  // them after Insert() read and rewrote each cell (SchedTracker makes a
  // row or two per kernel event).
  struct Row {
    static constexpr uint32_t kNull = CompactUint32Column::kNull;
    int64_t ts = 0;
    int64_t dur = -1;
    uint32_t utid = 0;
    StringId state = kNullStringId;
    uint32_t cpu = kNull, ucpu = kNull;
    uint32_t waker_utid = kNull, waker_id = kNull, irq_context = kNull;
  };
  uint32_t Insert(const Row& r) {
    running_rows_.AppendOwn();
    ts.AppendOwn(r.ts);
    dur.AppendOwn(r.dur);
    cpu.AppendOwn(r.cpu);
    utid.AppendOwn(r.utid);
    state.AppendOwn(r.state);
    return AppendOptionalCells(r);
  }
  // A row whose optional cells are all NULL.
  uint32_t Insert(int64_t t, int64_t d, uint32_t thread, StringId state_id) {
    return Insert(Row{t, d, thread, state_id});
  }
  // The Running row of sched row |slice|: |r| (state "Running") repeats
  // the slice's ts, utid, cpu and ucpu (not read back), which the row then
  // reads from the slice.
  uint32_t InsertRunning(uint32_t slice, const Row& r) {
    if (!running_rows_.CanAppendRunning(slice) ||
        (state.running() != kNullStringId && r.state != state.running())) {
      return Insert(r);  // Out of slice order: a row with cells of its own.
    }
    state.set_running(r.state);
    running_rows_.AppendRunning(slice);
    ts.NoteRunning(r.ts);
    return AppendOptionalCells(r);
  }
  // Room for |own_rows| more own rows and |running_rows| more Running
  // rows (an importer that knows its counts, as FXT's).
  void ReserveRows(size_t own_rows, size_t running_rows) {
    StoredTable::ReserveRows(row_count() + own_rows + running_rows);  // Cells every row has.
    size_t own = running_rows_.own_rows() + own_rows;
    ts.ReserveOwnRows(own);
    dur.ReserveOwnRows(own);
    cpu.ReserveOwnRows(own);
    utid.ReserveOwnRows(own);
    state.ReserveOwnRows(own);
  }
  // Whether |row| (kNull: none) is a Running row that reads its slice's
  // cells (InsertRunning).
  bool ReadsSlice(uint32_t row) const {
    return row != Row::kNull && running_rows_.IsRunning(row);
  }
  size_t MemoryUsage() const override {
    return StoredTable::MemoryUsage() + running_rows_.MemoryUsage();
  }

 private:
  // Before the columns, which read them.
  const SchedTable* sched_;
  RunningRows running_rows_;

 public:
  IdColumn id{this, "id"};
  ThreadStateTsColumn ts{this, "ts", &running_rows_, &sched_->ts};
  ThreadStateDurColumn dur{this, "dur", &running_rows_, &sched_->dur};
  ThreadStateUintColumn cpu{this, "cpu", &running_rows_, &sched_->cpu};
  ThreadStateUintColumn utid{this, "utid", &running_rows_, &sched_->utid, kIndexed};
  ThreadStateStateColumn state{this, "state", &running_rows_};
  CompactUint32Column io_wait{this, "io_wait"};
  DictStringColumn blocked_function{this, "blocked_function"};
  // Set by wakeups only.
  SparseUint32Column waker_utid{this, "waker_utid"};
  EarlierRowColumn waker_id{this, "waker_id"};
  SparseUint32Column irq_context{this, "irq_context"};
  UcpuColumn ucpu{this, "ucpu", &cpu};

 private:
  // The cells every row has, after its own or its slice's.
  uint32_t AppendOptionalCells(const Row& r) {
    uint32_t row = row_count();
    io_wait.AppendNull();
    blocked_function.Append(kNullStringId);
    waker_utid.Put(row, r.waker_utid);
    waker_id.Put(row, r.waker_id);
    irq_context.Put(row, r.irq_context);
    ucpu.Append(r.ucpu, r.cpu);
    return NextRow();
  }
};

class CpuTable final : public StoredTable {
 public:
  CpuTable() : StoredTable("cpu") {}
  uint32_t Insert(uint32_t ucpu_value, uint32_t cpu_value) {
    id.Append(ucpu_value);
    ucpu.Append(ucpu_value);
    cpu.Append(cpu_value);
    cluster_id.Append(0);
    processor.Append(kNullStringId);
    machine_id.AppendNull();
    capacity.AppendNull();
    arg_set_id.AppendNull();
    return NextRow();
  }

  // id = ucpu = machine * 4096 + cpu (importers/common/cpu_tracker.h).
  Uint32Column id{this, "id", kIndexed};
  Uint32Column ucpu{this, "ucpu", kIndexed};
  Uint32Column cpu{this, "cpu"};
  Uint32Column cluster_id{this, "cluster_id"};
  StringColumn processor{this, "processor"};
  Uint32Column machine_id{this, "machine_id"};
  Uint32Column capacity{this, "capacity"};
  Uint32Column arg_set_id{this, "arg_set_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_SCHED_TABLES_H_
