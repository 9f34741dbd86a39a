// JsonEventDecoder: field dispatch by key, value coercion (numbers or
// numeric strings for times, numbers or strings for pid/tid/ids) and the
// validity rules that decide whether an event is queued.
#include "src/importers/json/json_event_decoder.h"

#include <cstring>

namespace weft {

namespace {

enum class TimeState : uint8_t { kAbsent, kValid, kInvalid };

struct TimeField {
  TimeState state = TimeState::kAbsent;
  int64_t ns = 0;
};

enum class Key {
  kOther,
  kPh,
  kName,
  kCat,
  kTs,
  kDur,
  kTts,
  kTdur,
  kPid,
  kTid,
  kId,
  kBindId,
  kId2,
  kScope,
  kBindPoint,
  kFlowIn,
  kFlowOut,
  kArgs
};

// Dispatch on length first: one or two comparisons per field.
Key Classify(std::string_view k) {
  switch (k.size()) {
    case 1:
      return k[0] == 's' ? Key::kScope : Key::kOther;
    case 2:
      if (k == "ph") return Key::kPh;
      if (k == "ts") return Key::kTs;
      if (k == "id") return Key::kId;
      if (k == "bp") return Key::kBindPoint;
      return Key::kOther;
    case 3:
      if (k == "pid") return Key::kPid;
      if (k == "tid") return Key::kTid;
      if (k == "cat") return Key::kCat;
      if (k == "dur") return Key::kDur;
      if (k == "tts") return Key::kTts;
      if (k == "id2") return Key::kId2;
      return Key::kOther;
    case 4:
      if (k == "name") return Key::kName;
      if (k == "args") return Key::kArgs;
      if (k == "tdur") return Key::kTdur;
      return Key::kOther;
    case 7:
      if (k == "bind_id") return Key::kBindId;
      if (k == "flow_in") return Key::kFlowIn;
      return Key::kOther;
    case 8:
      return k == "flow_out" ? Key::kFlowOut : Key::kOther;
    default:
      return Key::kOther;
  }
}

// Phases whose args are data for the parser rather than annotations.
bool UsesSideArgs(char phase) {
  return phase == 'C' || phase == 'M' || phase == 'T';
}

// process_name, process_sort_index, process_labels, ...: about the process.
bool IsProcessMetadata(const StringPool& pool, StringId name) {
  return name != kNullStringId && pool.Get(name).substr(0, 8) == "process_";
}

}  // namespace

struct JsonEventDecoder::Fields {
  JsonEvent event;
  JsonEventExtra extra;
  bool has_extra = false;
  size_t field_count = 0;
  TimeField ts, dur, tts, tdur;
  const char* deferred_args = nullptr;  // "args" seen before "ph".
  bool args_too_deep = false;
};

JsonEventDecoder::JsonEventDecoder(TraceStorage* storage, JsonEventQueue* queue,
                                   CpuProfileTracker* profiles)
    : storage_(storage),
      queue_(queue),
      flattener_(storage),
      profiles_(profiles),
      profile_reader_(storage),
      cpu_profile_name_(storage->Intern("CpuProfile")),
      names_(&storage->pool()) {}

namespace {

LexResult ReadTime(JsonLexer* lexer, TimeField* out, std::string* scratch) {
  char c = lexer->Peek();
  JsonNumber n;
  if (c == '"') {
    std::string_view s;
    WEFT_LEX(lexer->ReadString(&s, scratch));
    out->state =
        ParseWholeNumber(s, &n) ? TimeState::kValid : TimeState::kInvalid;
  } else if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9')) {
    WEFT_LEX(lexer->ReadNumber(&n));
    out->state = TimeState::kValid;
  } else {
    WEFT_LEX(lexer->SkipValue());
    out->state = TimeState::kInvalid;
  }
  if (out->state == TimeState::kValid && !MicrosToNanos(n, &out->ns)) {
    out->state = TimeState::kInvalid;  // Out of int64 range.
  }
  return LexResult::kOk;
}

// Numbers within uint32 are ids; strings are names.
LexResult ReadPidTid(JsonLexer* lexer, TraceStorage* storage, uint32_t* out,
                     StringId* name, bool* present, std::string* scratch) {
  char c = lexer->Peek();
  if (c == '"') {
    std::string_view s;
    WEFT_LEX(lexer->ReadString(&s, scratch));
    *name = storage->Intern(s);
    // A stable synthetic id per distinct string, far from real pids.
    *out = 0x80000000u | *name;
    *present = true;
    return LexResult::kOk;
  }
  if (c == '-' || (c >= '0' && c <= '9')) {
    JsonNumber n;
    WEFT_LEX(lexer->ReadNumber(&n));
    int64_t v = n.i;
    // Out of range: as if absent (Perfetto cannot coerce it either).
    bool in_range = v >= 0 && v <= UINT32_MAX;
    *out = in_range ? static_cast<uint32_t>(v) : 0;
    *present = in_range;
    return LexResult::kOk;
  }
  return lexer->SkipValue();
}

LexResult ReadId(JsonLexer* lexer, TraceStorage* storage, JsonId* out,
                 std::string* scratch) {
  char c = lexer->Peek();
  if (c == '"') {
    std::string_view s;
    WEFT_LEX(lexer->ReadString(&s, scratch));
    out->kind = JsonIdKind::kString;
    out->value = storage->Intern(s);
    return LexResult::kOk;
  }
  if (c == '-' || (c >= '0' && c <= '9')) {
    JsonNumber n;
    WEFT_LEX(lexer->ReadNumber(&n));
    if (n.is_int) {  // Fractional ids are ignored, as in Perfetto.
      out->kind = JsonIdKind::kInt;
      out->value = static_cast<uint64_t>(n.i);
    }
    return LexResult::kOk;
  }
  return lexer->SkipValue();
}

LexResult ReadOptionalString(JsonLexer* lexer, std::string_view* out,
                             bool* is_string, std::string* scratch) {
  *is_string = lexer->Peek() == '"';
  if (!*is_string) return lexer->SkipValue();
  return lexer->ReadString(out, scratch);
}

}  // namespace

LexResult JsonEventDecoder::Decode(JsonLexer* lexer) {
  ArgsTable& args = storage_->args;
  uint32_t args_rows = args.row_count();
  size_t side_args = queue_->side_args().size();
  Fields f;
  LexResult r = ReadFields(lexer, &f);
  bool profile = r == LexResult::kOk && IsProfileEvent(f.event);
  if (r == LexResult::kOk && f.deferred_args && !profile) {
    JsonLexer sub(f.deferred_args, lexer->end());
    r = ReadArgs(&sub, &f);
  }
  if (r != LexResult::kOk) {
    args.Truncate(args_rows);
    queue_->side_args().resize(side_args);
    return r;
  }
  if (!Finish(&f)) {  // Dropped: undo its args.
    args.Truncate(args_rows);
    queue_->side_args().resize(side_args);
    return LexResult::kOk;
  }
  if (profile) {
    DecodeProfile(f, lexer->end());
    return LexResult::kOk;
  }
  JsonEvent& e = f.event;
  if (e.arg_set != kNoIndex && !(e.flags & kHasSideArgs)) {
    // End-event args are private: they may be merged into their slice.
    bool end_event = e.phase == 'E' || e.phase == 'e' || e.phase == 'F';
    e.arg_set = args.FinishSet(/*shareable=*/!end_event);
  }
  if (f.has_extra) e.extra = queue_->AddExtra(f.extra);
  queue_->Push(e);
  return LexResult::kOk;
}

LexResult JsonEventDecoder::ReadArgs(JsonLexer* lexer, Fields* f) {
  WEFT_LEX(lexer->SkipWs());
  if (UsesSideArgs(f->event.phase)) {
    auto& side = queue_->side_args();
    size_t before = side.size();
    WEFT_LEX(flattener_.ReadTopLevel(lexer, &side));
    f->event.arg_set = static_cast<uint32_t>(before);
    f->event.flags |= kHasSideArgs;
    f->extra.side_arg_count = static_cast<uint32_t>(side.size() - before);
    f->has_extra = true;
    return LexResult::kOk;
  }
  uint32_t set;
  WEFT_LEX(flattener_.Flatten(lexer, &set, &f->args_too_deep));
  f->event.arg_set = set;
  return LexResult::kOk;
}

LexResult JsonEventDecoder::ReadFields(JsonLexer* lexer, Fields* f) {
  JsonEvent& e = f->event;
  lexer->Advance();  // '{'
  std::string_view key, s;
  bool is_string;
  while (true) {
    bool done;
    WEFT_LEX(lexer->NextMember(&key, &scratch_, &done));
    if (done) return LexResult::kOk;
    Key k = Classify(key);
    ++f->field_count;

    switch (k) {
      case Key::kPh: {
        WEFT_LEX(ReadOptionalString(lexer, &s, &is_string, &scratch_));
        e.phase = is_string && !s.empty() ? s[0] : 0;
        break;
      }
      case Key::kName:
      case Key::kCat: {
        WEFT_LEX(ReadOptionalString(lexer, &s, &is_string, &scratch_));
        StringId id = is_string && !s.empty() ? names_.Intern(s) : kNullStringId;
        (k == Key::kName ? e.name : e.cat) = id;
        break;
      }
      case Key::kTs:
        WEFT_LEX(ReadTime(lexer, &f->ts, &scratch_));
        break;
      case Key::kDur:
        WEFT_LEX(ReadTime(lexer, &f->dur, &scratch_));
        break;
      case Key::kTts:
        WEFT_LEX(ReadTime(lexer, &f->tts, &scratch_));
        break;
      case Key::kTdur:
        WEFT_LEX(ReadTime(lexer, &f->tdur, &scratch_));
        break;
      case Key::kPid:
      case Key::kTid: {
        bool pid = k == Key::kPid;
        bool present = false;
        StringId name = kNullStringId;
        WEFT_LEX(ReadPidTid(lexer, storage_, pid ? &e.pid : &e.tid, &name,
                            &present, &scratch_));
        if (present) e.flags |= pid ? kPidPresent : kTidPresent;
        if (name != kNullStringId) {
          e.flags |= pid ? kPidIsString : kTidIsString;
          (pid ? f->extra.pid_name : f->extra.tid_name) = name;
          f->has_extra = true;
        } else {
          e.flags &= pid ? ~kPidIsString : ~kTidIsString;
        }
        break;
      }
      case Key::kId:
      case Key::kBindId:
        WEFT_LEX(ReadId(lexer, storage_,
                        k == Key::kId ? &f->extra.id : &f->extra.bind_id,
                        &scratch_));
        f->has_extra = true;
        break;
      case Key::kId2:
        if (lexer->Peek() != '{') {
          WEFT_LEX(lexer->SkipValue());
          break;
        }
        lexer->Advance();
        while (true) {
          bool done;
          WEFT_LEX(lexer->NextMember(&s, &scratch_, &done));
          if (done) break;
          bool local = s == "local", global = s == "global";
          if (local || global) {
            WEFT_LEX(ReadId(lexer, storage_,
                            local ? &f->extra.id2_local : &f->extra.id2_global,
                            &scratch_));
          } else {
            WEFT_LEX(lexer->SkipValue());
          }
        }
        f->has_extra = true;
        break;
      case Key::kScope:
        WEFT_LEX(ReadOptionalString(lexer, &s, &is_string, &scratch_));
        e.scope = is_string && s.size() == 1 &&
                          (s[0] == 'g' || s[0] == 'p' || s[0] == 't')
                      ? s[0]
                      : 0;
        break;
      case Key::kBindPoint:
        WEFT_LEX(ReadOptionalString(lexer, &s, &is_string, &scratch_));
        if (is_string && s == "e") e.flags |= kBindEnclosing;
        break;
      case Key::kFlowIn:
      case Key::kFlowOut: {
        uint16_t flag = k == Key::kFlowIn ? kFlowIn : kFlowOut;
        char v = lexer->Peek();
        if (v == 't') {
          WEFT_LEX(lexer->ReadLiteral("true"));
          e.flags |= flag;
        } else {
          WEFT_LEX(lexer->SkipValue());
          e.flags &= static_cast<uint16_t>(~flag);
        }
        break;
      }
      case Key::kArgs:
        // Read once the event is known: profile events' args are not args.
        if (e.phase && e.name != kNullStringId && !IsProfileEvent(e)) {
          WEFT_LEX(ReadArgs(lexer, f));
        } else {
          f->deferred_args = lexer->pos();
          WEFT_LEX(lexer->SkipValue());
        }
        break;
      case Key::kOther:
        WEFT_LEX(lexer->SkipValue());
        break;
    }
  }
}

bool JsonEventDecoder::Finish(Fields* f) {
  JsonEvent& e = f->event;
  StatsTable& stats = storage_->stats;
  auto drop = [&](Stat s) {
    stats.Increment(s);
    return false;
  };
  if (e.phase == 0) {
    // `{}` is skipped silently; anything else without a phase is bad.
    if (f->field_count > 0) stats.Increment(Stat::json_tokenizer_failure);
    return false;
  }
  if (f->args_too_deep) stats.Increment(Stat::json_args_too_deep);
  if (f->ts.state != TimeState::kValid) {
    if (e.phase != 'M') return drop(Stat::json_tokenizer_failure);
    f->ts.ns = 0;  // Metadata needs no time.
  }
  if (f->dur.state == TimeState::kInvalid ||
      f->tts.state == TimeState::kInvalid ||
      f->tdur.state == TimeState::kInvalid) {
    return drop(Stat::json_tokenizer_failure);
  }
  if (e.phase == 'X' && f->dur.state != TimeState::kValid) {
    return drop(Stat::json_parser_failure);
  }
  if (f->ts.ns < 0) return drop(Stat::trace_sorter_negative_timestamp_dropped);
  e.ts = f->ts.ns;
  if (f->dur.state == TimeState::kValid) e.dur = f->dur.ns;
  // A missing tid means the process's main thread, and so does the tid of
  // process-wide metadata (Chrome writes 0 there). Elsewhere an explicit
  // tid 0 is thread 0 of the process (DevTools exports name it "swapper"),
  // not the main thread.
  bool process_metadata = e.phase == 'M' && !(e.flags & kTidIsString) &&
                          IsProcessMetadata(storage_->pool(), e.name);
  if (!(e.flags & kTidPresent) || process_metadata) e.tid = e.pid;
  if (f->tts.state == TimeState::kValid || f->tdur.state == TimeState::kValid) {
    f->extra.tts = f->tts.state == TimeState::kValid ? f->tts.ns : kNoValue;
    f->extra.tdur = f->tdur.state == TimeState::kValid ? f->tdur.ns : kNoValue;
    f->has_extra = true;
  }
  return true;
}

void JsonEventDecoder::DecodeProfile(const Fields& f, const char* end) {
  const JsonEvent& e = f.event;
  StatsTable& stats = storage_->stats;
  uint64_t id = 0;
  const JsonId& json_id = f.extra.id;
  if (e.phase != 'P') {
    id = profiles_->NewSyntheticId();  // A CpuProfile event is a whole profile.
  } else if (json_id.kind == JsonIdKind::kInt) {
    id = json_id.value;
  } else if (json_id.kind == JsonIdKind::kString) {
    // Chrome writes "0x1": hex, as Perfetto reads it.
    std::string s(storage_->pool().Get(static_cast<StringId>(json_id.value)));
    char* rest = nullptr;
    id = strtoull(s.c_str(), &rest, 16);
    if (s.empty() || *rest) id = uint64_t{1} << 62 | json_id.value;
  } else {
    stats.Increment(Stat::cpu_profile_malformed);  // Chunks cannot be matched.
    return;
  }
  CpuProfilePiece piece;
  if (f.deferred_args) {
    JsonLexer sub(f.deferred_args, end);
    if (profile_reader_.ReadEventArgs(&sub, &piece) != LexResult::kOk) {
      stats.Increment(Stat::cpu_profile_malformed);
      return;
    }
  }
  if (piece.has_start_time) profiles_->AddHead(e.pid, id, e.tid, e.ts, piece.start_ns);
  if (piece.has_chunk) profiles_->AddChunk(e.pid, id, e.tid, e.ts, std::move(piece.chunk));
}

}  // namespace weft
