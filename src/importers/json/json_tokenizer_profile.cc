// JsonTokenizer, CPU profile members of the top-level object: a bare
// .cpuprofile ({nodes, startTime, endTime, samples, timeDeltas}) and the
// old Chrome "samples" + "stackFrames" format. Arrays and the stackFrames
// object are read one element at a time, so a large profile is never held
// whole: only the element cut by a chunk boundary is carried over.
#include "src/importers/json/json_tokenizer.h"

namespace weft {

namespace {

// A .cpuprofile has no process or thread: DevTools shows it as thread 1 of
// process 1, and so does weft.
constexpr uint32_t kFileProfilePid = 1;
constexpr uint32_t kFileProfileTid = 1;

}  // namespace

bool JsonTokenizer::StartProfileMember(JsonLexer* lexer, bool* progressed) {
  char c = lexer->Peek();
  const char* start = lexer->pos();
  if (key_ == "startTime" && (c == '-' || (c >= '0' && c <= '9'))) {
    LexResult r = profile_reader_.ReadMember(key_, lexer, &file_profile_);
    if (r == LexResult::kNeedMore) {
      lexer->set_pos(start);
      return true;
    }
    if (r == LexResult::kError) {
      lexer->set_pos(start);
      return false;  // Skipped whole as an unknown member.
    }
    state_ = State::kDictKey;
    *progressed = true;
    return true;
  }
  if (key_ == "stackFrames" && c == '{') {
    lexer->Advance();
    state_ = State::kStackFrames;
    *progressed = true;
    return true;
  }
  if (c != '[') return false;
  if (key_ == "nodes") {
    profile_array_ = ProfileArray::kNodes;
  } else if (key_ == "samples") {
    profile_array_ = ProfileArray::kSamples;  // Or kChromeSamples: see below.
  } else if (key_ == "timeDeltas") {
    profile_array_ = ProfileArray::kTimeDeltas;
  } else if (key_ == "lines") {
    profile_array_ = ProfileArray::kLines;
  } else {
    return false;
  }
  lexer->Advance();
  profile_array_started_ = false;
  state_ = State::kProfileArray;
  *progressed = true;
  return true;
}

Status JsonTokenizer::ProcessProfileArray(JsonLexer* lexer, bool* progressed) {
  // Element after element until the array or the chunk ends: a profile has
  // millions, and a pass through ProcessOne for each and for each comma
  // cost more than reading them.
  for (;;) {
    if (lexer->SkipWs() == LexResult::kNeedMore) return Status::Ok();
    const char* start = lexer->pos();
    char c = lexer->Peek();
    if (c == ',' || c == ']') {
      lexer->Advance();
      *progressed = true;
      if (c == ']') {
        state_ = State::kDictKey;
        return Status::Ok();
      }
      continue;
    }
    // "samples" holds node ids in a .cpuprofile, objects in the old format.
    if (!profile_array_started_ && profile_array_ == ProfileArray::kSamples && c == '{') {
      profile_array_ = ProfileArray::kChromeSamples;
    }
    profile_array_started_ = true;
    if (!ReadPlainElements(lexer)) {
      uint32_t escapes_before = lexer->invalid_escapes();
      LexResult r = ReadProfileArrayElement(lexer);
      if (r == LexResult::kNeedMore) {
        // Read again with the next chunk: its escapes are counted then.
        lexer->set_pos(start);
        lexer->set_invalid_escapes(escapes_before);
        return Status::Ok();
      }
      if (r == LexResult::kError) return Error(lexer->error(), lexer->pos());
    }
    if (profile_array_ != ProfileArray::kChromeSamples) file_profile_.has_chunk = true;
    read_any_ = true;
    *progressed = true;
  }
}

size_t JsonTokenizer::ReadPlainElements(JsonLexer* lexer) {
  CpuProfileChunk* chunk = &file_profile_.chunk;
  if (profile_array_ == ProfileArray::kSamples) return profile_reader_.ReadPlainSamples(lexer, chunk);
  if (profile_array_ == ProfileArray::kTimeDeltas) {
    return profile_reader_.ReadPlainTimeDeltas(lexer, chunk);
  }
  return 0;
}

LexResult JsonTokenizer::ReadProfileArrayElement(JsonLexer* lexer) {
  CpuProfileChunk* chunk = &file_profile_.chunk;
  switch (profile_array_) {
    case ProfileArray::kNodes:
      return profile_reader_.ReadNode(lexer, chunk);
    case ProfileArray::kSamples:
      return profile_reader_.ReadSample(lexer, chunk);
    case ProfileArray::kTimeDeltas:
      return profile_reader_.ReadTimeDelta(lexer, chunk);
    case ProfileArray::kLines:
      return profile_reader_.ReadLine(lexer);
    case ProfileArray::kChromeSamples:
      return stack_samples_.ReadSample(lexer);
  }
  return LexResult::kOk;
}

Status JsonTokenizer::ProcessStackFrames(JsonLexer* lexer, bool* progressed) {
  const char* start = lexer->pos();
  char c = lexer->Peek();
  if (c == ',' || c == '}') {
    lexer->Advance();
    if (c == '}') state_ = State::kDictKey;
    *progressed = true;
    return Status::Ok();
  }
  // "id": {frame}, read whole or not at all.
  std::string_view key;
  LexResult r = lexer->ReadString(&key, &scratch_);
  std::string frame_key(r == LexResult::kOk ? key : std::string_view());
  if (r == LexResult::kOk) r = lexer->SkipWs();
  if (r == LexResult::kOk && lexer->Peek() != ':') r = lexer->Fail("expected ':' in stackFrames");
  if (r == LexResult::kOk) {
    lexer->Advance();
    r = lexer->SkipWs();
  }
  if (r == LexResult::kOk) r = stack_samples_.ReadFrame(frame_key, lexer);
  if (r == LexResult::kNeedMore) {
    lexer->set_pos(start);
    return Status::Ok();
  }
  if (r == LexResult::kError) return Error(lexer->error(), lexer->pos());
  read_any_ = true;
  *progressed = true;
  return Status::Ok();
}

void JsonTokenizer::FinishFileProfile() {
  if (!file_profile_.has_chunk) return;
  uint64_t id = profiles_->NewFileProfileId();
  int64_t start = file_profile_.start_ns;
  if (file_profile_.has_start_time) {
    profiles_->AddHead(kFileProfilePid, id, kFileProfileTid, start, start);
  }
  profiles_->AddChunk(kFileProfilePid, id, kFileProfileTid, start, std::move(file_profile_.chunk));
  file_profile_ = CpuProfilePiece();
}

}  // namespace weft
