// JsonArgsFlattener: recursive descent over args values with an explicit
// depth bound, building key paths in two reusable strings.
#include "src/importers/json/json_args_flattener.h"

#include <cstring>

namespace weft {

JsonArgsFlattener::JsonArgsFlattener(TraceStorage* storage)
    : storage_(storage), keys_(&storage->pool()) {}

LexResult JsonArgsFlattener::Flatten(JsonLexer* lexer, uint32_t* set,
                                     bool* too_deep) {
  set_ = kNoIndex;
  too_deep_ = false;
  WEFT_LEX(lexer->SkipWs());
  LexResult r;
  if (lexer->Peek() != '{') {
    // Perfetto only imports object args; other shapes are skipped.
    r = lexer->SkipValue();
  } else {
    key_.assign("args");
    flat_key_.assign("args");
    r = FlattenValue(lexer, 0);
  }
  *set = set_;
  *too_deep = too_deep_;
  return r;
}

LexResult JsonArgsFlattener::FlattenValue(JsonLexer* lexer, int depth) {
  WEFT_LEX(lexer->SkipWs());
  char c = lexer->Peek();
  if (c != '{' && c != '[') return AddLeaf(lexer);
  if (depth >= kMaxDepth) {
    too_deep_ = true;
    return lexer->SkipValue();
  }
  lexer->Advance();
  size_t key_len = key_.size(), flat_len = flat_key_.size();
  uint32_t index = 0;
  std::string_view member;
  while (true) {
    if (c == '{') {
      bool done;
      WEFT_LEX(lexer->NextMember(&member, &scratch_, &done));
      if (done) return LexResult::kOk;
      key_.push_back('.');
      key_.append(member);
      flat_key_.push_back('.');
      flat_key_.append(member);
    } else {
      WEFT_LEX(lexer->SkipWs());
      char d = lexer->Peek();
      if (d == ']') {
        lexer->Advance();
        return LexResult::kOk;
      }
      if (d == ',') {  // Also tolerates trailing commas.
        lexer->Advance();
        continue;
      }
      char buf[16];
      int n = snprintf(buf, sizeof(buf), "[%u]", index++);
      key_.append(buf, static_cast<size_t>(n));
    }
    WEFT_LEX(FlattenValue(lexer, depth + 1));
    key_.resize(key_len);
    flat_key_.resize(flat_len);
  }
}

LexResult JsonArgsFlattener::AddLeaf(JsonLexer* lexer) {
  ArgsTable& args = storage_->args;
  char c = lexer->Peek();
  StringId flat = kNullStringId, key = kNullStringId;
  auto keys = [&]() {
    if (set_ == kNoIndex) set_ = args.BeginSet();
    flat = keys_.Intern(flat_key_);
    key = key_.size() == flat_key_.size() ? flat : keys_.Intern(key_);
  };
  if (c == '"') {
    std::string_view s;
    WEFT_LEX(lexer->ReadString(&s, &scratch_));
    // Values are often unique: start loading their hash slot while the
    // (usually cached) keys are interned.
    StringPool& pool = storage_->pool();
    uint32_t hash = StringPool::Hash(s);
    pool.Prefetch(hash);
    keys();
    StringId value = pool.InternHashed(s, hash);
    args.AddString(set_, flat, key, value);
    return LexResult::kOk;
  }
  if (c == 't' || c == 'f') {
    bool v = c == 't';
    WEFT_LEX(lexer->ReadLiteral(v ? "true" : "false"));
    keys();
    args.AddBool(set_, flat, key, v);
    return LexResult::kOk;
  }
  if (c == 'n') return lexer->ReadLiteral("null");  // Null leaves: no row.
  JsonNumber n;
  WEFT_LEX(lexer->ReadNumber(&n));
  keys();
  if (n.is_int) {
    args.AddInt(set_, flat, key, n.i);
  } else {
    args.AddReal(set_, flat, key, n.d);
  }
  return LexResult::kOk;
}

LexResult JsonArgsFlattener::ReadTopLevel(JsonLexer* lexer,
                                          PodVector<SideArg>* out) {
  WEFT_LEX(lexer->SkipWs());
  if (lexer->Peek() != '{') return lexer->SkipValue();
  lexer->Advance();
  std::string_view member;
  while (true) {
    bool done;
    WEFT_LEX(lexer->NextMember(&member, &scratch_, &done));
    if (done) return LexResult::kOk;
    StringId key = storage_->Intern(member);
    char c = lexer->Peek();
    SideArg arg{key, ArgType::kNull, 0};
    if (c == '"') {
      std::string_view s;
      WEFT_LEX(lexer->ReadString(&s, &scratch_));
      arg.type = ArgType::kString;
      arg.raw = storage_->Intern(s);
    } else if (c == 't' || c == 'f') {
      WEFT_LEX(lexer->ReadLiteral(c == 't' ? "true" : "false"));
      arg.type = ArgType::kBool;
      arg.raw = c == 't';
    } else if (c == 'n' || c == '{' || c == '[') {
      WEFT_LEX(lexer->SkipValue());  // Not a scalar: kept as kNull.
    } else {
      JsonNumber n;
      WEFT_LEX(lexer->ReadNumber(&n));
      if (n.is_int) {
        arg.type = ArgType::kInt;
        arg.raw = n.i;
      } else {
        arg.type = ArgType::kReal;
        memcpy(&arg.raw, &n.d, 8);
      }
    }
    out->push_back(arg);
  }
}

}  // namespace weft
