// Scheduling tables: `sched` (a thread running on a cpu), `thread_state`
// (what a thread was doing over time) and `cpu` (one row per cpu seen).
#ifndef SRC_STORAGE_SCHED_TABLES_H_
#define SRC_STORAGE_SCHED_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class SchedTable final : public StoredTable {
 public:
  SchedTable() : StoredTable("sched") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &ts, &dur, &cpu, &utid, &end_state, &priority, &ucpu}) {
      AddColumn(c);
    }
  }
  uint32_t Insert(int64_t t, int64_t d, uint32_t cpu_value, uint32_t thread,
                  uint32_t ucpu_value, int64_t priority_value = 0) {
    ts.Append(t);
    dur.Append(d);
    cpu.Append(cpu_value);
    utid.Append(thread);
    end_state.Append(kNullStringId);
    priority.Append(priority_value);
    ucpu.Append(ucpu_value);
    return NextRow();
  }

  IdColumn id{"id"};
  Int64Column ts{"ts"};
  Int64Column dur{"dur"};
  Uint32Column cpu{"cpu"};
  Uint32Column utid{"utid", kIndexed};
  StringColumn end_state{"end_state"};
  Int64Column priority{"priority"};
  Uint32Column ucpu{"ucpu"};
};

class ThreadStateTable final : public StoredTable {
 public:
  ThreadStateTable() : StoredTable("thread_state") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &ts, &dur, &cpu, &utid, &state, &io_wait, &blocked_function,
             &waker_utid, &waker_id, &irq_context, &ucpu}) {
      AddColumn(c);
    }
  }
  uint32_t Insert(int64_t t, int64_t d, uint32_t thread, StringId state_id) {
    ts.Append(t);
    dur.Append(d);
    cpu.AppendNull();
    utid.Append(thread);
    state.Append(state_id);
    io_wait.AppendNull();
    blocked_function.Append(kNullStringId);
    waker_utid.AppendNull();
    waker_id.AppendNull();
    irq_context.AppendNull();
    ucpu.AppendNull();
    return NextRow();
  }

  IdColumn id{"id"};
  Int64Column ts{"ts"};
  Int64Column dur{"dur"};
  Uint32Column cpu{"cpu"};
  Uint32Column utid{"utid", kIndexed};
  StringColumn state{"state"};
  Uint32Column io_wait{"io_wait"};
  StringColumn blocked_function{"blocked_function"};
  Uint32Column waker_utid{"waker_utid"};
  Uint32Column waker_id{"waker_id"};
  Uint32Column irq_context{"irq_context"};
  Uint32Column ucpu{"ucpu"};
};

class CpuTable final : public StoredTable {
 public:
  CpuTable() : StoredTable("cpu") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &ucpu, &cpu, &cluster_id, &processor, &machine_id,
             &capacity, &arg_set_id}) {
      AddColumn(c);
    }
  }
  uint32_t Insert(uint32_t cpu_value) {
    cpu.Append(cpu_value);
    cluster_id.Append(0);
    processor.Append(kNullStringId);
    machine_id.AppendNull();
    capacity.AppendNull();
    arg_set_id.AppendNull();
    return NextRow();
  }

  IdColumn id{"id"};
  IdColumn ucpu{"ucpu"};
  Uint32Column cpu{"cpu"};
  Uint32Column cluster_id{"cluster_id"};
  StringColumn processor{"processor"};
  Uint32Column machine_id{"machine_id"};
  Uint32Column capacity{"capacity"};
  Uint32Column arg_set_id{"arg_set_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_SCHED_TABLES_H_
