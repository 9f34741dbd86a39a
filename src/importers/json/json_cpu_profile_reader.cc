// JsonCpuProfileReader: member dispatch for profile objects and nodes, and
// number coercion (ids, 0-based positions, microseconds to nanoseconds).
#include "src/importers/json/json_cpu_profile_reader.h"

#include <cstdlib>

namespace weft {

namespace {

bool IsNumberStart(char c) { return c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'); }

// A number; kError for anything else (the event is then skipped).
LexResult ReadNumber(JsonLexer* lexer, JsonNumber* out) {
  if (!IsNumberStart(lexer->Peek())) return lexer->Fail("expected a number in a CPU profile");
  return lexer->ReadNumber(out);
}

int64_t AsInt(const JsonNumber& n) { return n.i; }

LexResult ReadUint32(JsonLexer* lexer, uint32_t* out) {
  JsonNumber n;
  WEFT_LEX(ReadNumber(lexer, &n));
  int64_t v = AsInt(n);
  if (v < 0 || v > UINT32_MAX) return lexer->Fail("a CPU profile node id out of range");
  *out = static_cast<uint32_t>(v);
  return LexResult::kOk;
}

LexResult ReadMicros(JsonLexer* lexer, int64_t* ns) {
  JsonNumber n;
  WEFT_LEX(ReadNumber(lexer, &n));
  if (!MicrosToNanos(n, ns)) return lexer->Fail("a CPU profile time out of range");
  return LexResult::kOk;
}

// A 0-based line or column; negative or huge values mean "none".
LexResult ReadPosition(JsonLexer* lexer, int32_t* out) {
  JsonNumber n;
  WEFT_LEX(ReadNumber(lexer, &n));
  int64_t v = AsInt(n);
  *out = v >= 0 && v <= INT32_MAX ? static_cast<int32_t>(v) : CpuProfileNode::kNoPosition;
  return LexResult::kOk;
}

// Reads plain elements ("123,") from |p| while each is at most |max|,
// passing each value to |add|; returns where it stopped.
template <typename F>
const char* ReadPlainRun(const char* p, const char* end, uint64_t max, F add) {
  for (;;) {
    const char* q = p;
    uint64_t v = 0;
    while (q < end && static_cast<unsigned>(*q - '0') < 10 && q - p < 18) {
      v = v * 10 + static_cast<unsigned>(*q - '0');
      ++q;
    }
    if (q == p || q >= end || *q != ',' || v > max) return p;
    add(v);
    p = q + 1;
  }
}

}  // namespace

size_t JsonCpuProfileReader::ReadPlainSamples(JsonLexer* lexer, CpuProfileChunk* chunk) {
  size_t before = chunk->samples.size();
  lexer->set_pos(ReadPlainRun(lexer->pos(), lexer->end(), UINT32_MAX, [chunk](uint64_t v) {
    chunk->samples.push_back(static_cast<uint32_t>(v));
  }));
  return chunk->samples.size() - before;
}

size_t JsonCpuProfileReader::ReadPlainTimeDeltas(JsonLexer* lexer, CpuProfileChunk* chunk) {
  size_t before = chunk->time_deltas.size();
  // Microseconds to ns, within MicrosToNanos' range.
  lexer->set_pos(ReadPlainRun(lexer->pos(), lexer->end(), INT64_MAX / 1000, [chunk](uint64_t v) {
    chunk->time_deltas.push_back(static_cast<int64_t>(v) * 1000);
  }));
  return chunk->time_deltas.size() - before;
}

template <typename F>
LexResult JsonCpuProfileReader::ReadArray(JsonLexer* lexer, F read_one) {
  if (lexer->Peek() != '[') return lexer->Fail("expected an array in a CPU profile");
  lexer->Advance();
  while (true) {
    WEFT_LEX(lexer->SkipWs());
    char c = lexer->Peek();
    if (c == ']') {
      lexer->Advance();
      return LexResult::kOk;
    }
    if (c == ',') {
      lexer->Advance();
      continue;
    }
    WEFT_LEX(read_one());
  }
}

LexResult JsonCpuProfileReader::ReadEventArgs(JsonLexer* lexer, CpuProfilePiece* out) {
  WEFT_LEX(lexer->SkipWs());
  if (lexer->Peek() != '{') return lexer->Fail("profile event args must be an object");
  lexer->Advance();
  std::string_view key;
  while (true) {
    bool done;
    WEFT_LEX(lexer->NextMember(&key, &scratch_, &done));
    if (done) return LexResult::kOk;
    if (key == "data" && lexer->Peek() == '{') {
      WEFT_LEX(ReadData(lexer, out));
    } else {
      WEFT_LEX(lexer->SkipValue());
    }
  }
}

LexResult JsonCpuProfileReader::ReadData(JsonLexer* lexer, CpuProfilePiece* out) {
  lexer->Advance();  // '{'
  std::string_view key;
  while (true) {
    bool done;
    WEFT_LEX(lexer->NextMember(&key, &scratch_, &done));
    if (done) return LexResult::kOk;
    if (key == "cpuProfile" && lexer->Peek() == '{') {
      lexer->Advance();
      out->has_chunk = true;
      while (true) {
        WEFT_LEX(lexer->NextMember(&key, &scratch_, &done));
        if (done) break;
        WEFT_LEX(ReadMember(key, lexer, out));
      }
    } else {
      WEFT_LEX(ReadMember(key, lexer, out));
    }
  }
}

LexResult JsonCpuProfileReader::ReadMember(std::string_view key, JsonLexer* lexer,
                                           CpuProfilePiece* out) {
  CpuProfileChunk* chunk = &out->chunk;
  if (key == "startTime") {
    out->has_start_time = true;
    return ReadMicros(lexer, &out->start_ns);
  }
  if (key == "nodes") {
    out->has_chunk = true;
    return ReadArray(lexer, [&] { return ReadNode(lexer, chunk); });
  }
  if (key == "samples") {
    out->has_chunk = true;
    return ReadArray(lexer, [&] {
      return ReadPlainSamples(lexer, chunk) ? LexResult::kOk : ReadSample(lexer, chunk);
    });
  }
  if (key == "timeDeltas") {
    out->has_chunk = true;
    return ReadArray(lexer, [&] {
      return ReadPlainTimeDeltas(lexer, chunk) ? LexResult::kOk : ReadTimeDelta(lexer, chunk);
    });
  }
  if (key == "lines") return ReadArray(lexer, [&] { return ReadLine(lexer); });
  if (key == "trace_ids" && lexer->Peek() == '{') return ReadTraceIds(lexer, chunk);
  return lexer->SkipValue();
}

LexResult JsonCpuProfileReader::ReadTraceIds(JsonLexer* lexer, CpuProfileChunk* chunk) {
  lexer->Advance();  // '{'
  std::string_view id;
  bool done = false;
  while (true) {
    WEFT_LEX(lexer->NextMember(&id, &scratch_, &done));
    if (done) return LexResult::kOk;
    uint32_t node;
    WEFT_LEX(ReadUint32(lexer, &node));
    // Keys are decimal ids (JSON object keys are strings); others are
    // of no use.
    uint64_t trace_id = 0;
    bool numeric = !id.empty() && id.size() <= 19;
    for (char c : id) {
      numeric = numeric && c >= '0' && c <= '9';
      if (numeric) trace_id = trace_id * 10 + static_cast<uint64_t>(c - '0');
    }
    if (numeric) chunk->trace_ids.emplace_back(trace_id, node);
  }
}

LexResult JsonCpuProfileReader::ReadSample(JsonLexer* lexer, CpuProfileChunk* chunk) {
  uint32_t node;
  WEFT_LEX(ReadUint32(lexer, &node));
  chunk->samples.push_back(node);
  return LexResult::kOk;
}

LexResult JsonCpuProfileReader::ReadTimeDelta(JsonLexer* lexer, CpuProfileChunk* chunk) {
  int64_t ns;
  WEFT_LEX(ReadMicros(lexer, &ns));
  chunk->time_deltas.push_back(ns);
  return LexResult::kOk;
}

LexResult JsonCpuProfileReader::ReadLine(JsonLexer* lexer) {
  int32_t line;  // Checked, not kept: no table has a column for it.
  return ReadPosition(lexer, &line);
}

LexResult JsonCpuProfileReader::ReadNode(JsonLexer* lexer, CpuProfileChunk* chunk) {
  if (lexer->Peek() != '{') return lexer->Fail("a CPU profile node must be an object");
  lexer->Advance();
  CpuProfileNode node;
  bool has_id = false;
  std::vector<uint32_t> children;  // Kept aside: the node may be incomplete.
  std::string_view key;
  while (true) {
    bool done;
    WEFT_LEX(lexer->NextMember(&key, &scratch_, &done));
    if (done) break;
    if (key == "id") {
      WEFT_LEX(ReadUint32(lexer, &node.id));
      has_id = true;
    } else if (key == "parent") {
      WEFT_LEX(ReadUint32(lexer, &node.parent));
    } else if (key == "callFrame" && lexer->Peek() == '{') {
      WEFT_LEX(ReadCallFrame(lexer, &node));
    } else if (key == "children") {
      children.clear();
      WEFT_LEX(ReadArray(lexer, [&] {
        uint32_t child;
        WEFT_LEX(ReadUint32(lexer, &child));
        children.push_back(child);
        return LexResult::kOk;
      }));
    } else {
      WEFT_LEX(lexer->SkipValue());
    }
  }
  if (!has_id) return lexer->Fail("a CPU profile node without an id");
  for (uint32_t child : children) chunk->children.emplace_back(node.id, child);
  if (node.function_name == kNullStringId) node.function_name = storage_->Intern("");
  chunk->nodes.push_back(node);
  return LexResult::kOk;
}

LexResult JsonCpuProfileReader::ReadCallFrame(JsonLexer* lexer, CpuProfileNode* node) {
  lexer->Advance();  // '{'
  std::string_view key, s;
  while (true) {
    bool done;
    WEFT_LEX(lexer->NextMember(&key, &scratch_, &done));
    if (done) return LexResult::kOk;
    bool is_string = lexer->Peek() == '"';
    if (key == "functionName" && is_string) {
      WEFT_LEX(lexer->ReadString(&s, &scratch_));
      node->function_name = storage_->Intern(s);
    } else if (key == "url" && is_string) {
      WEFT_LEX(lexer->ReadString(&s, &scratch_));
      node->url = s.empty() ? kNullStringId : storage_->Intern(s);
    } else if (key == "scriptId" && is_string) {
      // .cpuprofile files write it as a string.
      WEFT_LEX(lexer->ReadString(&s, &scratch_));
      node->script_id = strtoll(std::string(s).c_str(), nullptr, 10);
    } else if (key == "scriptId" && IsNumberStart(lexer->Peek())) {
      JsonNumber n;
      WEFT_LEX(lexer->ReadNumber(&n));
      node->script_id = AsInt(n);
    } else if ((key == "lineNumber" || key == "columnNumber") && IsNumberStart(lexer->Peek())) {
      WEFT_LEX(ReadPosition(lexer, key == "lineNumber" ? &node->line_number : &node->column_number));
    } else {
      WEFT_LEX(lexer->SkipValue());
    }
  }
}

}  // namespace weft
