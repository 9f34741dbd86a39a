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
#include "src/importers/systrace/systrace_importer.h"

namespace weft {

class JsonImporter final : public TraceImporter {
 public:
  explicit JsonImporter(TraceContext* context)
      : ctx_(context),
        tokenizer_(context->storage, &queue_, &context->cpu_profiles),
        parser_(context, &queue_) {}

  Status Parse(const char* data, size_t size) override {
    return tokenizer_.Parse(data, size);
  }
  Status NotifyEndOfFile() override {
    // Events read before an error are still imported.
    Status status = tokenizer_.NotifyEndOfFile();
    parser_.ParseAll();
    ImportSystemTrace();
    tokenizer_.stack_samples()->Finish(&ctx_->processes, &ctx_->stack_profiles,
                                       &ctx_->cpu_profiles);
    ctx_->cpu_profiles.Finish(&ctx_->processes, &ctx_->stack_profiles);
    return status;
  }

 private:
  // The embedded systrace text (Chrome's "systemTraceEvents" string) goes
  // through the kernel text importer into the same sched / ftrace tables;
  // text it cannot read counts in json_system_trace_skipped.
  void ImportSystemTrace() {
    const std::string& text = tokenizer_.system_trace();
    if (text.empty()) return;
    SystraceImporter systrace(ctx_);
    // The string's last line needs no line break (it is no cut file).
    bool ok = systrace.Parse(text.data(), text.size()).ok() &&
              (text.back() == '\n' || systrace.Parse("\n", 1).ok()) &&
              systrace.NotifyEndOfFile().ok();
    if (!ok) {
      ctx_->storage->stats.Increment(Stat::json_system_trace_skipped);
    }
  }

  TraceContext* ctx_;
  JsonEventQueue queue_;
  JsonTokenizer tokenizer_;
  JsonParser parser_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_IMPORTER_H_
