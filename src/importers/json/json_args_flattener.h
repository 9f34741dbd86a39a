// Flattens an event's "args" object into rows of the `args` table with
// Perfetto's key style: objects join with '.', array elements get "[i]" in
// `key` only ("args.a[0].b" vs flat_key "args.a.b"). Null leaves are
// skipped; nesting deeper than kMaxDepth is cut and reported.
#ifndef SRC_IMPORTERS_JSON_JSON_ARGS_FLATTENER_H_
#define SRC_IMPORTERS_JSON_JSON_ARGS_FLATTENER_H_

#include <string>
#include <vector>

#include "src/importers/json/json_event.h"
#include "src/importers/json/json_lexer.h"
#include "src/storage/recent_strings.h"
#include "src/storage/trace_storage.h"

namespace weft {

class JsonArgsFlattener {
 public:
  static constexpr int kMaxDepth = 64;

  explicit JsonArgsFlattener(TraceStorage* storage);

  // Reads the args value at the lexer and appends its leaves as one arg
  // set. *set is the new set id, or kNoIndex when nothing was added.
  // On kNeedMore/kError the caller rolls the args table back.
  LexResult Flatten(JsonLexer* lexer, uint32_t* set, bool* too_deep);

  // Reads only top-level members into |out| (for C, M, thread_state).
  LexResult ReadTopLevel(JsonLexer* lexer, PodVector<SideArg>* out);

 private:
  LexResult FlattenValue(JsonLexer* lexer, int depth);
  LexResult AddLeaf(JsonLexer* lexer);

  TraceStorage* storage_;
  uint32_t set_ = kNoIndex;
  bool too_deep_ = false;
  // Current key path; flat_key_ is the same path without array indices.
  std::string key_;
  std::string flat_key_;
  RecentStrings keys_;  // The interned key paths.
  std::string scratch_;
  // Per-set counters for repeated keys inside arrays are not needed: an
  // element's index is its position in its own array.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_ARGS_FLATTENER_H_
