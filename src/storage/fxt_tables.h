// Tables of Fuchsia trace (FXT) records that have no Perfetto table:
// `fuchsia_blob` (blob and large blob records other than Perfetto packets),
// `fuchsia_userspace_object` (pointer -> name and args) and
// `fuchsia_category` (the categories each provider's events used).
// Reference: docs/formats/fxt.md.
#ifndef SRC_STORAGE_FXT_TABLES_H_
#define SRC_STORAGE_FXT_TABLES_H_

#include <climits>
#include <cstddef>
#include <cstdint>

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class FuchsiaBlobTable final : public StoredTable {
 public:
  // The payload bytes kept as hex in `data`; `size` is the whole payload's.
  static constexpr size_t kMaxDataBytes = 256;

  FuchsiaBlobTable() : StoredTable("fuchsia_blob") {}
  // |t| INT64_MIN and |thread| Uint32Column::kNull when the record has no
  // metadata; |type| < 0 for large blobs (which have no blob type).
  uint32_t Insert(StringId record_kind, int64_t t, uint32_t thread, StringId cat, StringId n,
                  int64_t type, int64_t payload_size, StringId hex, uint32_t args) {
    record.Append(record_kind);
    if (t == INT64_MIN) {
      ts.AppendNull();
    } else {
      ts.Append(t);
    }
    utid.Append(thread);
    category.Append(cat);
    name.Append(n);
    if (type < 0) {
      blob_type.AppendNull();
    } else {
      blob_type.Append(type);
    }
    size.Append(payload_size);
    data.Append(hex);
    arg_set_id.Append(args);
    return NextRow();
  }

  IdColumn id{this, "id"};
  StringColumn record{this, "record"};  // "blob" or "large_blob".
  Int64Column ts{this, "ts"};
  Uint32Column utid{this, "utid"};
  StringColumn category{this, "category"};
  StringColumn name{this, "name"};
  Int64Column blob_type{this, "blob_type"};
  Int64Column size{this, "size"};
  StringColumn data{this, "data"};
  Uint32Column arg_set_id{this, "arg_set_id"};
};

class FuchsiaUserspaceObjectTable final : public StoredTable {
 public:
  FuchsiaUserspaceObjectTable() : StoredTable("fuchsia_userspace_object") {}
  uint32_t Insert(uint32_t process, int64_t pointer_value, StringId n, uint32_t args) {
    upid.Append(process);
    pointer.Append(pointer_value);
    name.Append(n);
    arg_set_id.Append(args);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column upid{this, "upid"};
  Int64Column pointer{this, "pointer"};
  StringColumn name{this, "name"};
  Uint32Column arg_set_id{this, "arg_set_id"};
};

class FuchsiaCategoryTable final : public StoredTable {
 public:
  FuchsiaCategoryTable() : StoredTable("fuchsia_category") {}
  uint32_t Insert(int64_t provider, StringId provider_name_id, StringId n) {
    provider_id.Append(provider);
    provider_name.Append(provider_name_id);
    name.Append(n);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Int64Column provider_id{this, "provider_id"};
  StringColumn provider_name{this, "provider_name"};
  StringColumn name{this, "name"};
};

}  // namespace weft

#endif  // SRC_STORAGE_FXT_TABLES_H_
