// annotation_rows: the annotations analyses attach to slices (trace slices
// or the ones they derive). Appended after the load, never updated; the
// `slice_annotation` view joins these with the name catalog
// (src/analysis/annotation_catalog.cc).
#ifndef SRC_STORAGE_ANNOTATION_TABLES_H_
#define SRC_STORAGE_ANNOTATION_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class AnnotationTable final : public StoredTable {
 public:
  AnnotationTable() : StoredTable("annotation_rows") {}

  struct Row {
    uint32_t slice_id = Uint32Column::kNull;
    StringId description = kNullStringId;
    StringId link = kNullStringId;
    StringId alert_type = kNullStringId;  // 'warning', 'error' or null.
    StringId kind = kNullStringId;        // The rule or analysis.
  };
  uint32_t Insert(const Row& row) {
    slice_id.Append(row.slice_id);
    description.Append(row.description);
    link.Append(row.link);
    alert_type.Append(row.alert_type);
    kind.Append(row.kind);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column slice_id{this, "slice_id", kIndexed};
  StringColumn description{this, "description"};
  StringColumn link{this, "link"};
  StringColumn alert_type{this, "alert_type"};
  StringColumn kind{this, "kind"};
};

}  // namespace weft

#endif  // SRC_STORAGE_ANNOTATION_TABLES_H_
