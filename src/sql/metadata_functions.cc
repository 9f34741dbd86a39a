// The metadata lookup functions: a scan of the (small) metadata table.
#include "src/sql/metadata_functions.h"

#include <string_view>

namespace weft {
namespace {

// The first row of |name| whose machine is |machine|; with |primary|, the
// first of machine 0 or of none (keys about the trace only).
void ResultMetadata(sqlite3_context* ctx, sqlite3_value* name_value, bool primary,
                    uint32_t machine) {
  auto* storage = static_cast<const TraceStorage*>(sqlite3_user_data(ctx));
  const char* text = reinterpret_cast<const char*>(sqlite3_value_text(name_value));
  StringId name = text ? storage->pool().Find(text) : kNullStringId;
  const MetadataTable& m = storage->metadata;
  for (uint32_t r = 0; name != kNullStringId && r < m.row_count(); ++r) {
    if (m.name[r] != name) continue;
    uint32_t row_machine = m.machine_id[r];
    if (primary ? (row_machine != 0 && row_machine != MetadataTable::kNone)
                : row_machine != machine) {
      continue;
    }
    if (!m.int_value.IsNull(r)) {
      sqlite3_result_int64(ctx, m.int_value[r]);
    } else {
      std::string_view s = storage->pool().Get(m.str_value[r]);
      sqlite3_result_text(ctx, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
    }
    return;
  }
  sqlite3_result_null(ctx);
}

void ExtractMetadata(sqlite3_context* ctx, int, sqlite3_value** argv) {
  ResultMetadata(ctx, argv[0], /*primary=*/true, 0);
}

void ExtractMetadataForMachine(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) != SQLITE_INTEGER) {
    sqlite3_result_null(ctx);
    return;
  }
  int64_t machine = sqlite3_value_int64(argv[0]);
  if (machine < 0 || machine >= MetadataTable::kNone) {
    sqlite3_result_null(ctx);
    return;
  }
  ResultMetadata(ctx, argv[1], /*primary=*/false, static_cast<uint32_t>(machine));
}

}  // namespace

Status RegisterMetadataFunctions(sqlite3* db, const TraceStorage* storage) {
  void* user = const_cast<TraceStorage*>(storage);
  int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  if (sqlite3_create_function_v2(db, "extract_metadata", 1, flags, user, ExtractMetadata,
                                 nullptr, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_create_function_v2(db, "extract_metadata_for_machine", 2, flags, user,
                                 ExtractMetadataForMachine, nullptr, nullptr,
                                 nullptr) != SQLITE_OK) {
    return Status::Error("cannot register the metadata functions");
  }
  return Status::Ok();
}

}  // namespace weft
