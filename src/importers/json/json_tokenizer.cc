// JsonTokenizer: the top-level state machine. Each step either consumes a
// whole token/event or stops with kNeedMore, leaving the bytes in buffer_.
#include "src/importers/json/json_tokenizer.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>

#include "src/base/string_view_util.h"

namespace weft {

JsonTokenizer::JsonTokenizer(TraceStorage* storage, JsonEventQueue* queue,
                             CpuProfileTracker* profiles)
    : storage_(storage),
      decoder_(storage, queue, profiles),
      profiles_(profiles),
      profile_reader_(storage),
      stack_samples_(storage) {}

Status JsonTokenizer::Parse(const char* data, size_t size) {
  const char* p = data;
  const char* end = data + size;
  // Finish a carried-over event first, growing the carry geometrically so
  // only the bytes that complete it are copied.
  while (!buffer_.empty() && p < end) {
    size_t carried = buffer_.size();
    size_t take = std::min<size_t>(static_cast<size_t>(end - p),
                                   std::max<size_t>(carried, 1 << 16));
    buffer_.append(p, take);
    p += take;
    size_t consumed;
    Status s = Process(buffer_.data(), buffer_.data() + buffer_.size(), offset_, &consumed);
    if (!s.ok()) return s;
    if (consumed >= carried) {
      // The carried bytes are done; what is left is still in the chunk.
      p -= buffer_.size() - consumed;
      buffer_.clear();
      break;
    }
    buffer_.erase(0, consumed);
  }
  if (p == end) return Status::Ok();
  // Common case: read straight from the caller's chunk.
  size_t consumed;
  Status s = Process(p, end, offset_, &consumed);
  buffer_.assign(p + consumed, end);
  return s;
}

Status JsonTokenizer::Error(const char* what, const char* at) {
  uint64_t offset = offset_ + static_cast<uint64_t>(at - range_begin_);
  uint64_t line = lines_before_ + 1;
  for (const char* p = range_begin_; p < at; ++p) line += *p == '\n';
  state_ = State::kDone;
  Status error = ErrStatus("JSON error at byte %" PRIu64 " (line %" PRIu64 "): %s",
                           offset, line, what);
  // Once events were read the file is a damaged trace, not a non-trace.
  if (!read_any_) return error;
  return Status::DataLoss(offset, error.message());
}

void JsonTokenizer::SkipBadEvent(JsonLexer* lexer, const char* start) {
  storage_->stats.Increment(Stat::json_tokenizer_failure);
  lexer->set_pos(start + 1);
  state_ = State::kResync;
}

bool JsonTokenizer::Resync(JsonLexer* lexer) {
  // Writers separate events with ',' and whitespace: the next "," + "{"
  // starts the next event (it may also sit inside a string of the bad
  // event; that event is then skipped too, or read as an odd one).
  const char* p = lexer->pos();
  const char* end = lexer->end();
  while (p < end) {
    const char* comma = static_cast<const char*>(memchr(p, ',', static_cast<size_t>(end - p)));
    if (!comma) break;
    const char* q = comma + 1;
    while (q < end && (*q == ' ' || *q == '\n' || *q == '\r' || *q == '\t')) ++q;
    if (q == end) {
      // Decided by the next chunk: keep the comma.
      bool moved = comma != lexer->pos();
      lexer->set_pos(comma);
      return moved;
    }
    if (*q == '{') {
      lexer->set_pos(q);
      state_ = State::kEvents;
      return true;
    }
    p = q;
  }
  bool moved = end != lexer->pos();
  lexer->set_pos(end);
  return moved;
}

Status JsonTokenizer::Process(const char* begin, const char* end,
                              uint64_t offset, size_t* consumed) {
  range_begin_ = begin;
  offset_ = offset;
  JsonLexer lexer(begin, end);
  bool progressed = true;
  Status status;
  while (progressed) {
    progressed = false;
    uint32_t escapes_before = lexer.invalid_escapes();
    status = ProcessOne(&lexer, &progressed);
    // An unfinished token is read again with the next chunk: count its
    // escapes then.
    if (!progressed) lexer.set_invalid_escapes(escapes_before);
    if (!status.ok()) break;
  }
  *consumed = static_cast<size_t>(lexer.pos() - begin);
  if (lexer.invalid_escapes()) {
    storage_->stats.Increment(Stat::json_invalid_escape, lexer.invalid_escapes());
  }
  lines_before_ += CountByte(begin, *consumed, '\n');
  offset_ += *consumed;
  return status;
}

Status JsonTokenizer::ProcessOne(JsonLexer* lexer, bool* progressed) {
  if (lexer->SkipWs() == LexResult::kNeedMore) return Status::Ok();
  const char* start = lexer->pos();
  char c = lexer->Peek();
  switch (state_) {
    case State::kStart:
      if (c == '{') {
        state_ = State::kDictKey;
      } else if (c == '[') {
        bare_array_ = true;
        state_ = State::kEvents;
      } else {
        return Error("a JSON trace must start with '{' or '['", start);
      }
      lexer->Advance();
      *progressed = true;
      return Status::Ok();

    case State::kDictKey: {
      if (c == ',') {
        lexer->Advance();
        *progressed = true;
        return Status::Ok();
      }
      if (c == '}') {
        lexer->Advance();
        state_ = State::kDone;
        *progressed = true;
        return Status::Ok();
      }
      std::string_view key;
      LexResult r = lexer->ReadString(&key, &scratch_);
      if (r == LexResult::kNeedMore) return Status::Ok();
      if (r == LexResult::kError) return Error("expected a key in the top-level object", start);
      key_.assign(key);
      state_ = State::kDictColon;
      *progressed = true;
      return Status::Ok();
    }

    case State::kDictColon:
      if (c != ':') return Error("expected ':' after a top-level key", start);
      lexer->Advance();
      state_ = State::kDictValue;
      *progressed = true;
      return Status::Ok();

    case State::kResync:
      *progressed = Resync(lexer);
      return Status::Ok();

    case State::kProfileArray:
      return ProcessProfileArray(lexer, progressed);

    case State::kStackFrames:
      return ProcessStackFrames(lexer, progressed);

    case State::kDictValue: {
      if (key_ == "traceEvents") {
        if (c != '[') return Error("\"traceEvents\" must be an array", start);
        lexer->Advance();
        state_ = State::kEvents;
        *progressed = true;
        return Status::Ok();
      }
      if (key_ == "metadata" && c == '{') {
        JsonLexer probe(start, lexer->end());
        LexResult r = probe.SkipValue();
        if (r == LexResult::kNeedMore) return Status::Ok();
        if (r == LexResult::kError) return Error(probe.error(), probe.pos());
        JsonLexer value(start, probe.pos());
        Status s = ReadMetadataObject(&value);
        if (!s.ok()) return s;
        read_any_ = true;
        lexer->set_pos(probe.pos());
      } else if (key_ == "systemTraceEvents" && c == '"') {
        // Embedded systrace text: kept whole, imported after the events
        // (JsonImporter::NotifyEndOfFile).
        std::string_view text;
        LexResult r = lexer->ReadString(&text, &scratch_);
        if (r == LexResult::kNeedMore) {
          lexer->set_pos(start);
          return Status::Ok();
        }
        if (r == LexResult::kError) return Error("malformed \"systemTraceEvents\" string", start);
        system_trace_.append(text);
        read_any_ = true;
      } else if (StartProfileMember(lexer, progressed)) {
        return Status::Ok();
      } else {
        // Other keys (systemTraceEvents that are no string, ...) are not
        // imported; their values are skipped whole.
        LexResult r = lexer->SkipValue();
        if (r == LexResult::kNeedMore) {
          lexer->set_pos(start);
          return Status::Ok();
        }
        if (r == LexResult::kError) return Error(lexer->error(), lexer->pos());
        if (key_ == "displayTimeUnit") {
          storage_->stats.Increment(Stat::json_display_time_unit);
        } else if (key_ == "systemTraceEvents") {
          storage_->stats.Increment(Stat::json_system_trace_skipped);
        }
      }
      state_ = State::kDictKey;
      *progressed = true;
      return Status::Ok();
    }

    case State::kEvents: {
      if (c == ',') {
        lexer->Advance();
        *progressed = true;
        return Status::Ok();
      }
      if (c == ']') {
        lexer->Advance();
        state_ = bare_array_ ? State::kDone : State::kDictKey;
        *progressed = true;
        return Status::Ok();
      }
      *progressed = true;
      if (c != '{') {
        SkipBadEvent(lexer, start);  // Not an event object.
        return Status::Ok();
      }
      LexResult r = decoder_.Decode(lexer);
      if (r == LexResult::kNeedMore) {
        lexer->set_pos(start);
        *progressed = false;
        return Status::Ok();
      }
      if (r == LexResult::kError) {
        SkipBadEvent(lexer, start);
        return Status::Ok();
      }
      read_any_ = true;
      return Status::Ok();
    }

    case State::kDone:
      return Error("unexpected data after the end of the trace", start);
  }
  return Status::Ok();
}

Status JsonTokenizer::ReadMetadataObject(JsonLexer* lexer) {
  // Scalars become json_metadata.<key> rows; nested values are skipped.
  MetadataTable& md = storage_->metadata;
  StringId single = storage_->Intern("single");
  lexer->SkipWs();
  lexer->Advance();  // '{'
  std::string_view s;
  while (lexer->SkipWs() == LexResult::kOk) {
    char c = lexer->Peek();
    if (c == '}') return Status::Ok();
    if (c == ',') {
      lexer->Advance();
      continue;
    }
    if (lexer->ReadString(&s, &scratch_) != LexResult::kOk) break;
    StringId name = storage_->Intern("json_metadata." + std::string(s));
    if (lexer->SkipWs() != LexResult::kOk || lexer->Peek() != ':') break;
    lexer->Advance();
    if (lexer->SkipWs() != LexResult::kOk) break;
    c = lexer->Peek();
    if (c == '"') {
      if (lexer->ReadString(&s, &scratch_) != LexResult::kOk) break;
      md.InsertString(name, single, storage_->Intern(s));
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      JsonNumber n;
      if (lexer->ReadNumber(&n) != LexResult::kOk) break;
      if (n.is_int) {
        md.InsertInt(name, single, n.i);
      } else {
        char buf[64];
        snprintf(buf, sizeof(buf), "%g", n.d);
        md.InsertString(name, single, storage_->Intern(buf));
      }
    } else if (c == 't' || c == 'f') {
      if (lexer->ReadLiteral(c == 't' ? "true" : "false") != LexResult::kOk) break;
      md.InsertInt(name, single, c == 't');
    } else if (lexer->SkipValue() != LexResult::kOk) {
      break;
    }
  }
  return Error("malformed \"metadata\" object", lexer->pos());
}

Status JsonTokenizer::NotifyEndOfFile() {
  FinishFileProfile();
  range_begin_ = buffer_.data();
  JsonLexer lexer(buffer_.data(), buffer_.data() + buffer_.size());
  bool only_ws = lexer.SkipWs() == LexResult::kNeedMore;
  switch (state_) {
    case State::kDone:
      return only_ws ? Status::Ok() : Error("unexpected data after the end of the trace", lexer.pos());
    case State::kResync:
      // The skipped event was counted; no event follows it.
      if (read_any_) return Status::Ok();
      return Error("no readable event (malformed events only)", lexer.pos());
    case State::kEvents:
      // The format allows a bare array to stop without its ']'.
      if (bare_array_ && only_ws) return Status::Ok();
      if (lexer.Peek() == '{') {
        return Error("the trace ends inside an event (truncated file?)", lexer.pos());
      }
      return Error("the trace ends inside \"traceEvents\" (truncated file?)", lexer.pos());
    case State::kStart:
      return Error("the trace is empty", lexer.pos());
    default:
      return Error("the trace ends inside the top-level object (truncated file?)", lexer.pos());
  }
}

}  // namespace weft
