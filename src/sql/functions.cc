// SQL functions over storage. extract_arg(arg_set_id, key) returns the
// typed value of one arg (binary search on the grouped args table).
#include "src/sql/functions.h"

#include "src/sql/arg_set_json.h"
#include "src/sql/clock_functions.h"
#include "src/sql/hash_function.h"
#include "src/sql/metadata_functions.h"
#include "src/sql/regexp_function.h"
#include "src/sql/to_ftrace_function.h"
#include "src/sql/zstd_functions.h"

namespace weft {
namespace {

void ExtractArg(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  if (argc != 2) {
    sqlite3_result_error(ctx, "extract_arg: expected 2 arguments", -1);
    return;
  }
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL ||
      sqlite3_value_type(argv[1]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  if (sqlite3_value_type(argv[0]) != SQLITE_INTEGER) {
    sqlite3_result_error(ctx, "extract_arg: arg_set_id must be an integer", -1);
    return;
  }
  auto* storage = static_cast<const TraceStorage*>(sqlite3_user_data(ctx));
  const char* key = reinterpret_cast<const char*>(sqlite3_value_text(argv[1]));
  StringId key_id = storage->pool().Find(key ? key : "");
  if (key_id == kNullStringId) {
    sqlite3_result_null(ctx);
    return;
  }
  const ArgsTable& args = storage->args;
  int64_t row = args.FindArg(static_cast<uint32_t>(sqlite3_value_int64(argv[0])), key_id);
  if (row < 0) {
    sqlite3_result_null(ctx);
    return;
  }
  uint32_t r = static_cast<uint32_t>(row);
  switch (args.value_type(r)) {
    case ArgType::kInt:
    case ArgType::kUint:
    case ArgType::kBool:
    case ArgType::kPointer:
      sqlite3_result_int64(ctx, args.raw_value(r));
      break;
    case ArgType::kReal:
      sqlite3_result_double(ctx, args.real_value(r));
      break;
    case ArgType::kString:
    case ArgType::kJson: {
      std::string_view s = storage->pool().Get(static_cast<StringId>(args.raw_value(r)));
      sqlite3_result_text(ctx, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
      break;
    }
    case ArgType::kNull:
      sqlite3_result_null(ctx);
      break;
  }
}

}  // namespace

Status RegisterFunctions(sqlite3* db, const TraceStorage* storage) {
  void* user = const_cast<TraceStorage*>(storage);
  int rc = sqlite3_create_function_v2(db, "extract_arg", 2,
                                      SQLITE_UTF8 | SQLITE_DETERMINISTIC, user,
                                      ExtractArg, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Status::Error("cannot register extract_arg");
  WEFT_RETURN_IF_ERROR(RegisterMetadataFunctions(db, storage));
  WEFT_RETURN_IF_ERROR(RegisterZstdFunctions(db));
  WEFT_RETURN_IF_ERROR(RegisterHashFunction(db));
  WEFT_RETURN_IF_ERROR(RegisterRegexpFunction(db));
  WEFT_RETURN_IF_ERROR(RegisterToFtraceFunction(db, storage));
  WEFT_RETURN_IF_ERROR(RegisterArgSetJsonFunction(db, storage));
  return RegisterClockFunctions(db, storage);
}

}  // namespace weft
