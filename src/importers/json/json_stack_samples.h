// JsonStackSamples: the old Chrome JSON sampling format — top-level
// "stackFrames" (id -> {name, category, parent}) and "samples" ([{ts, tid,
// pid?, sf, ...}]), in either order. Frames become stack_profile_frame rows
// on one mapping per category (the library), chains of parents become
// callsites, samples become cpu_profile_stack_sample rows (via the
// CpuProfileTracker, so all samples share one time order).
// Reference: docs/formats/json.md ("CPU profiles").
#ifndef SRC_IMPORTERS_JSON_JSON_STACK_SAMPLES_H_
#define SRC_IMPORTERS_JSON_JSON_STACK_SAMPLES_H_

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "src/importers/common/cpu_profile_tracker.h"
#include "src/importers/json/json_lexer.h"

namespace weft {

class JsonStackSamples {
 public:
  explicit JsonStackSamples(TraceStorage* storage) : storage_(storage) {}

  // The value of stackFrames[|key|]; adds nothing unless it returns kOk.
  LexResult ReadFrame(std::string_view key, JsonLexer* lexer);
  // One element of "samples"; adds nothing unless it returns kOk.
  LexResult ReadSample(JsonLexer* lexer);
  // Interns the frames and hands the samples to |profiles|.
  void Finish(ProcessTracker* processes, StackProfileTracker* stacks,
              CpuProfileTracker* profiles);

 private:
  struct Frame {
    StringId name = kNullStringId;
    StringId category = kNullStringId;
    std::string parent;  // Key of the parent frame; empty: none.
  };
  struct Sample {
    int64_t ts;
    int64_t pid;  // -1: not given.
    uint32_t tid;
    std::string frame;
  };
  // A frame key: a string or an integer, as text.
  LexResult ReadKey(JsonLexer* lexer, std::string* out);

  TraceStorage* storage_;
  std::unordered_map<std::string, uint32_t> frame_index_;
  std::vector<Frame> frames_;
  std::vector<Sample> samples_;
  std::string scratch_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_STACK_SAMPLES_H_
