// Registration of every operator table.
#include "src/sql/operators/operator_tables.h"

#include "src/sql/operators/flamegraph.h"
#include "src/sql/operators/flow_functions.h"
#include "src/sql/operators/sched_buckets_function.h"
#include "src/sql/operators/sched_cpu_time_function.h"
#include "src/sql/operators/slice_layout_function.h"
#include "src/sql/operators/slice_name_count_table.h"
#include "src/sql/operators/slice_summary_function.h"
#include "src/sql/operators/slice_tree_functions.h"
#include "src/sql/operators/span_join.h"

namespace weft {

Status RegisterOperatorTables(sqlite3* db, const TraceStorage* storage) {
  WEFT_RETURN_IF_ERROR(RegisterSpanJoin(db));
  WEFT_RETURN_IF_ERROR(RegisterFlamegraph(db));
  WEFT_RETURN_IF_ERROR(RegisterSliceTreeFunctions(db, storage));
  WEFT_RETURN_IF_ERROR(RegisterFlowFunctions(db, storage));
  WEFT_RETURN_IF_ERROR(RegisterSliceLayoutFunction(db, storage));
  WEFT_RETURN_IF_ERROR(RegisterSliceSummaryFunction(db, storage));
  WEFT_RETURN_IF_ERROR(RegisterSliceNameCountTable(db, storage));
  WEFT_RETURN_IF_ERROR(RegisterSchedCpuTimeFunction(db, storage));
  WEFT_RETURN_IF_ERROR(RegisterSchedBucketsFunction(db, storage));
  return Status::Ok();
}

}  // namespace weft
