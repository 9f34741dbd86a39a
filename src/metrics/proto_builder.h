// SQL functions that build protobuf messages, as in Perfetto's v1 metrics:
//
//   MessageName('field', value, 'other_field', value, ...)  -> BLOB
//   RepeatedField(value)        (aggregate: the values of a repeated field)
//
// One builder per message of the pool, named by its full name without the
// package and with `.` as `_` (AndroidCpuMetric_Thread). Values go by the
// field's type: integers, doubles, strings, enum values (number or name),
// nested messages (the BLOB of their builder); NULL leaves the field out.
// Reference: docs/metrics.md
#ifndef SRC_METRICS_PROTO_BUILDER_H_
#define SRC_METRICS_PROTO_BUILDER_H_

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/importers/proto/args/descriptor_pool.h"

namespace weft {

// The package whose messages get builders (".perfetto.protos.").
extern const char kMetricsPackage[];

// Registers (or re-registers) a builder for every message of |pool| in
// kMetricsPackage, plus RepeatedField. |pool| must outlive |db|'s use of
// the functions.
Status RegisterProtoBuilders(sqlite3* db, const DescriptorPool* pool);

}  // namespace weft

#endif  // SRC_METRICS_PROTO_BUILDER_H_
