// JsonImporter: the Chrome JSON format as a TraceImporter — tokenizer,
// queue and parser wired together.
// Reference: docs/formats/json.md
#ifndef SRC_IMPORTERS_JSON_JSON_IMPORTER_H_
#define SRC_IMPORTERS_JSON_JSON_IMPORTER_H_

#include "src/importers/common/trace_context.h"
#include "src/importers/json/json_event_queue.h"
#include "src/importers/json/json_parser.h"
#include "src/importers/json/json_tokenizer.h"
#include "src/importers/common/trace_importer.h"

namespace weft {

class JsonImporter final : public TraceImporter {
 public:
  explicit JsonImporter(TraceContext* context)
      : tokenizer_(context->storage, &queue_), parser_(context, &queue_) {}

  Status Parse(const char* data, size_t size) override {
    return tokenizer_.Parse(data, size);
  }
  Status NotifyEndOfFile() override {
    // Events read before an error are still imported.
    Status status = tokenizer_.NotifyEndOfFile();
    parser_.ParseAll();
    return status;
  }

 private:
  JsonEventQueue queue_;
  JsonTokenizer tokenizer_;
  JsonParser parser_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_IMPORTER_H_
