// JsonStackSamples: reading frames and samples, then resolving the frame
// tree into callsites at the end of the file.
#include "src/importers/json/json_stack_samples.h"

namespace weft {

LexResult JsonStackSamples::ReadKey(JsonLexer* lexer, std::string* out) {
  char c = lexer->Peek();
  if (c == '"') {
    std::string_view s;
    WEFT_LEX(lexer->ReadString(&s, &scratch_));
    out->assign(s);
    return LexResult::kOk;
  }
  if (c == '-' || (c >= '0' && c <= '9')) {
    JsonNumber n;
    WEFT_LEX(lexer->ReadNumber(&n));
    *out = n.is_int ? std::to_string(n.i) : std::to_string(n.d);
    return LexResult::kOk;
  }
  return lexer->Fail("a stack frame id must be a string or a number");
}

LexResult JsonStackSamples::ReadFrame(std::string_view key, JsonLexer* lexer) {
  if (lexer->Peek() != '{') return lexer->Fail("a stack frame must be an object");
  lexer->Advance();
  Frame frame;
  std::string_view member, s;
  while (true) {
    bool done;
    WEFT_LEX(lexer->NextMember(&member, &scratch_, &done));
    if (done) break;
    bool is_string = lexer->Peek() == '"';
    if ((member == "name" || member == "category") && is_string) {
      WEFT_LEX(lexer->ReadString(&s, &scratch_));
      (member == "name" ? frame.name : frame.category) = storage_->Intern(s);
    } else if (member == "parent") {
      WEFT_LEX(ReadKey(lexer, &frame.parent));
    } else {
      WEFT_LEX(lexer->SkipValue());
    }
  }
  auto [it, inserted] =
      frame_index_.emplace(std::string(key), static_cast<uint32_t>(frames_.size()));
  if (inserted) {
    frames_.push_back(std::move(frame));
  } else {
    storage_->stats.Increment(Stat::cpu_profile_invalid_node);
  }
  return LexResult::kOk;
}

LexResult JsonStackSamples::ReadSample(JsonLexer* lexer) {
  if (lexer->Peek() != '{') return lexer->Fail("a sample must be an object");
  lexer->Advance();
  Sample sample{0, -1, 0, {}};
  bool has_ts = false, has_tid = false;
  std::string_view member;
  while (true) {
    bool done;
    WEFT_LEX(lexer->NextMember(&member, &scratch_, &done));
    if (done) break;
    char c = lexer->Peek();
    bool is_number = c == '-' || (c >= '0' && c <= '9');
    if (member == "sf") {
      WEFT_LEX(ReadKey(lexer, &sample.frame));
    } else if ((member == "ts" || member == "tid" || member == "pid") && is_number) {
      JsonNumber n;
      WEFT_LEX(lexer->ReadNumber(&n));
      if (member == "ts") {
        has_ts = MicrosToNanos(n, &sample.ts);
      } else {
        int64_t v = n.i;
        if (v < 0 || v > UINT32_MAX) continue;
        if (member == "pid") {
          sample.pid = v;
        } else {
          sample.tid = static_cast<uint32_t>(v);
          has_tid = true;
        }
      }
    } else {
      WEFT_LEX(lexer->SkipValue());
    }
  }
  if (!has_ts || !has_tid || sample.frame.empty()) {
    storage_->stats.Increment(Stat::cpu_profile_malformed);
  } else {
    samples_.push_back(std::move(sample));
  }
  return LexResult::kOk;
}

void JsonStackSamples::Finish(ProcessTracker* processes, StackProfileTracker* stacks,
                              CpuProfileTracker* profiles) {
  // Frames only sampled stacks use: traces whose events merely reference
  // stackFrames ("sf") get no rows, as in Perfetto.
  if (samples_.empty()) return;
  std::vector<uint32_t> parents, frames;
  for (const Frame& f : frames_) {
    frames.push_back(stacks->InternSymbolizedFrame(f.category == kNullStringId
                                                       ? storage_->Intern("")
                                                       : f.category,
                                                   f.name, kNullStringId, Uint32Column::kNull));
    auto it = frame_index_.find(f.parent);
    parents.push_back(f.parent.empty()           ? StackProfileTracker::kTreeRoot
                      : it == frame_index_.end() ? StackProfileTracker::kTreeBroken
                                                 : it->second);
  }
  size_t invalid = 0;
  std::vector<uint32_t> callsites = stacks->InternCallsiteTree(parents, frames, &invalid);
  storage_->stats.Increment(Stat::cpu_profile_invalid_node, static_cast<int64_t>(invalid));
  for (const Sample& s : samples_) {
    auto it = frame_index_.find(s.frame);
    uint32_t callsite = it == frame_index_.end() ? Uint32Column::kNull : callsites[it->second];
    if (callsite == Uint32Column::kNull) {
      storage_->stats.Increment(Stat::cpu_profile_unknown_node);
      continue;
    }
    uint32_t utid = s.pid >= 0 ? processes->UpdateThread(s.tid, s.pid)
                               : processes->GetOrCreateThread(s.tid);
    profiles->AddStackSample(s.ts, callsite, utid);
  }
  frames_.clear();
  samples_.clear();
}

}  // namespace weft
