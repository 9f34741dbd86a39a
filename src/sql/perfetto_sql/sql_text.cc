// Lexical helpers of the PerfettoSQL preprocessor (see sql_text.h).
#include "src/sql/perfetto_sql/sql_text.h"

#include <sqlite3.h>

#include <cctype>

namespace weft {
namespace sql_text {
namespace {

size_t SkipPast(std::string_view sql, size_t pos, std::string_view closer) {
  size_t end = sql.find(closer, pos);
  return end == std::string_view::npos ? sql.size() : end + closer.size();
}

// Past a quote opened at |pos| by |q|; a doubled quote is an escaped one.
size_t SkipQuoted(std::string_view sql, size_t pos, char q) {
  for (size_t i = pos + 1; i < sql.size(); ++i) {
    if (sql[i] != q) continue;
    if (i + 1 < sql.size() && sql[i + 1] == q && q != ']') {
      ++i;
      continue;
    }
    return i + 1;
  }
  return sql.size();
}

}  // namespace

bool IsIdentChar(char c) {
  return isalnum(static_cast<unsigned char>(c)) || c == '_';
}

size_t SkipQuotedOrComment(std::string_view sql, size_t pos) {
  if (pos >= sql.size()) return pos;
  char c = sql[pos];
  if (c == '\'' || c == '"' || c == '`') return SkipQuoted(sql, pos, c);
  if (c == '[') return SkipQuoted(sql, pos, ']');
  if (sql.substr(pos, 2) == "--") return SkipPast(sql, pos, "\n");
  if (sql.substr(pos, 2) == "/*") return SkipPast(sql, pos + 2, "*/");
  return pos;
}

size_t SkipSpace(std::string_view sql, size_t pos) {
  while (pos < sql.size()) {
    if (isspace(static_cast<unsigned char>(sql[pos]))) {
      ++pos;
    } else if (sql.substr(pos, 2) == "--" || sql.substr(pos, 2) == "/*") {
      pos = SkipQuotedOrComment(sql, pos);
    } else {
      break;
    }
  }
  return pos;
}

size_t StatementEnd(std::string_view sql, size_t pos) {
  size_t i = pos;
  while (i < sql.size()) {
    size_t skipped = SkipQuotedOrComment(sql, i);
    if (skipped != i) {
      i = skipped;
      continue;
    }
    if (sql[i] == '\0') return i;  // SQLite stops reading here too.
    if (sql[i] == ';') {
      std::string candidate(sql.substr(pos, i + 1 - pos));
      if (sqlite3_complete(candidate.c_str())) return i + 1;
    }
    ++i;
  }
  return sql.size();
}

std::string ReadWord(std::string_view sql, size_t* pos, bool dotted) {
  size_t i = SkipSpace(sql, *pos);
  size_t start = i;
  while (i < sql.size() && (IsIdentChar(sql[i]) || (dotted && sql[i] == '.'))) ++i;
  if (i == start) return std::string();
  *pos = i;
  return std::string(sql.substr(start, i - start));
}

bool ConsumeKeyword(std::string_view sql, size_t* pos, std::string_view keyword) {
  size_t p = *pos;
  std::string word = ReadWord(sql, &p);
  if (Lower(word) != Lower(keyword)) return false;
  *pos = p;
  return true;
}

bool ReadParenthesized(std::string_view sql, size_t* pos, std::string* inner) {
  size_t i = SkipSpace(sql, *pos);
  if (i >= sql.size() || sql[i] != '(') return false;
  size_t start = i + 1;
  int depth = 0;
  while (i < sql.size()) {
    size_t skipped = SkipQuotedOrComment(sql, i);
    if (skipped != i) {
      i = skipped;
      continue;
    }
    if (sql[i] == '(') ++depth;
    if (sql[i] == ')' && --depth == 0) {
      *inner = std::string(sql.substr(start, i - start));
      *pos = i + 1;
      return true;
    }
    ++i;
  }
  return false;
}

std::vector<std::string> SplitTopLevel(std::string_view text, char sep) {
  std::vector<std::string> parts;
  if (Trim(text).empty()) return parts;
  int depth = 0;
  size_t start = 0, i = 0;
  while (i < text.size()) {
    size_t skipped = SkipQuotedOrComment(text, i);
    if (skipped != i) {
      i = skipped;
      continue;
    }
    char c = text[i];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == sep && depth == 0) {
      parts.push_back(Trim(text.substr(start, i - start)));
      start = i + 1;
    }
    ++i;
  }
  parts.push_back(Trim(text.substr(start)));
  return parts;
}

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace sql_text
}  // namespace weft
