// `__intrinsic_trace_diagnostics`: problems with how the trace was recorded
// (mostly its TraceConfig: a tiny ftrace buffer, unfiltered syscalls, ...),
// one row per problem found, as Perfetto's trace diagnostics.
#ifndef SRC_STORAGE_DIAGNOSTICS_TABLES_H_
#define SRC_STORAGE_DIAGNOSTICS_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class TraceDiagnosticsTable final : public StoredTable {
 public:
  TraceDiagnosticsTable() : StoredTable("__intrinsic_trace_diagnostics") {}
  uint32_t Insert(StringId k, StringId t, StringId d, StringId r, double c) {
    key.Append(k);
    title.Append(t);
    description.Append(d);
    remediation.Append(r);
    confidence.Append(c);
    machine_id.AppendNull();
    trace_id.AppendNull();
    return NextRow();
  }

  IdColumn id{this, "id"};
  StringColumn key{this, "key"};
  StringColumn title{this, "title"};
  StringColumn description{this, "description"};
  StringColumn remediation{this, "remediation"};
  DoubleColumn confidence{this, "confidence"};
  Uint32Column machine_id{this, "machine_id"};
  Uint32Column trace_id{this, "trace_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_DIAGNOSTICS_TABLES_H_
