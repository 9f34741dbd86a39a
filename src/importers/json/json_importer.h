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
      : context_(context),
        tokenizer_(context->storage, &queue_, &context->cpu_profiles),
        parser_(context, &queue_) {}

  Status Parse(const char* data, size_t size) override {
    return tokenizer_.Parse(data, size);
  }
  Status NotifyEndOfFile() override {
    // Events read before an error are still imported.
    Status status = tokenizer_.NotifyEndOfFile();
    parser_.ParseAll();
    TraceContext* c = context_;
    tokenizer_.stack_samples()->Finish(&c->processes, &c->stack_profiles, &c->cpu_profiles);
    c->cpu_profiles.Finish(&c->processes, &c->stack_profiles);
    return status;
  }

 private:
  TraceContext* context_;
  JsonEventQueue queue_;
  JsonTokenizer tokenizer_;
  JsonParser parser_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_IMPORTER_H_
