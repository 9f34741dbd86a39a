// ParseSystraceLine: the columns of an ftrace text event line.
#include "src/importers/systrace/systrace_line.h"

#include <cctype>
#include <cstdint>

namespace weft {

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsSpace(char c) { return c == ' ' || c == '\t'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && (IsSpace(s.back()) || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool ParseUint(std::string_view s, int64_t* out) {
  if (s.empty() || s.size() > 18) return false;
  int64_t v = 0;
  for (char c : s) {
    if (!IsDigit(c)) return false;
    v = v * 10 + (c - '0');
  }
  *out = v;
  return true;
}

// "SECONDS.FRACTION" as nanoseconds, exactly (no rounding through a double).
bool ParseSeconds(std::string_view s, int64_t* ns) {
  size_t dot = s.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == s.size()) return false;
  int64_t secs = 0;
  if (!ParseUint(s.substr(0, dot), &secs)) return false;
  constexpr int64_t kMaxSeconds = (INT64_MAX - 999999999) / 1000000000;
  if (secs > kMaxSeconds) return false;  // Not representable in int64 ns.
  std::string_view frac = s.substr(dot + 1);
  int64_t f = 0;
  for (size_t i = 0; i < 9; ++i) {
    char c = i < frac.size() ? frac[i] : '0';
    if (!IsDigit(c)) return false;
    f = f * 10 + (c - '0');
  }
  for (size_t i = 9; i < frac.size(); ++i) {
    if (!IsDigit(frac[i])) return false;
  }
  *ns = secs * 1000000000 + f;
  return true;
}

// Reads "TASK-PID [(TGID)]" ending at |end| (exclusive, before the CPU
// column's '['); false if that text has no such shape.
bool ParseTaskColumns(std::string_view line, size_t end, SystraceLine* out) {
  std::string_view head = Trim(line.substr(0, end));
  out->has_tgid = false;
  if (!head.empty() && head.back() == ')') {
    size_t open = head.rfind('(');
    if (open == std::string_view::npos) return false;
    std::string_view tgid = Trim(head.substr(open + 1, head.size() - open - 2));
    if (!tgid.empty() && tgid.find_first_not_of('-') != std::string_view::npos) {
      if (!ParseUint(tgid, &out->tgid)) return false;
      out->has_tgid = true;
    }
    head = Trim(head.substr(0, open));
  }
  size_t digits = head.size();
  while (digits > 0 && IsDigit(head[digits - 1])) --digits;
  if (digits == head.size() || digits == 0 || head[digits - 1] != '-') return false;
  if (!ParseUint(head.substr(digits), &out->pid)) return false;
  out->task = Trim(head.substr(0, digits - 1));
  return true;
}

// Reads "[IRQ-FLAGS] TIMESTAMP: EVENT: ARGS" from |rest|.
bool ParseEventColumns(std::string_view rest, SystraceLine* out) {
  // The timestamp ends at the first ':' preceded by "digits.digits".
  size_t colon = 0;
  for (;; ++colon) {
    colon = rest.find(':', colon);
    if (colon == std::string_view::npos) return false;
    if (colon > 0 && IsDigit(rest[colon - 1])) break;
  }
  size_t start = colon;
  while (start > 0 && IsDigit(rest[start - 1])) --start;
  if (start == 0 || rest[start - 1] != '.') return false;
  --start;
  while (start > 0 && IsDigit(rest[start - 1])) --start;
  if (!ParseSeconds(rest.substr(start, colon - start), &out->ts)) return false;
  std::string_view tail = Trim(rest.substr(colon + 1));
  size_t event_end = tail.find(':');
  if (event_end == std::string_view::npos || event_end == 0) return false;
  out->event = tail.substr(0, event_end);
  if (out->event.find(' ') != std::string_view::npos) return false;
  out->args = Trim(tail.substr(event_end + 1));
  return true;
}


// The position of the CPU column's '[' of |line|: the first "[digits]"
// preceded by a task and pid (read into |out|), or npos.
size_t FindCpuColumn(std::string_view line, SystraceLine* out) {
  for (size_t open = line.find('['); open != std::string_view::npos;
       open = line.find('[', open + 1)) {
    size_t close = open + 1;
    while (close < line.size() && IsDigit(line[close])) ++close;
    if (close == open + 1 || close >= line.size() || line[close] != ']') continue;
    int64_t cpu = 0;
    if (!ParseUint(line.substr(open + 1, close - open - 1), &cpu) || cpu > 0xffff) continue;
    if (!ParseTaskColumns(line, open, out)) continue;
    out->cpu = static_cast<uint32_t>(cpu);
    return open;
  }
  return std::string_view::npos;
}

}  // namespace

bool LooksLikeSystrace(std::string_view head) {
  size_t i = 0;
  while (i < head.size() && isspace(static_cast<unsigned char>(head[i]))) ++i;
  head.remove_prefix(i);
  for (std::string_view marker : {"# tracer", "TRACE:", "cpus=", "<!DOCTYPE html", "<html"}) {
    if (head.substr(0, marker.size()) == marker) return true;
  }
  SystraceLine line;
  return FindCpuColumn(head.substr(0, head.find('\n')), &line) != std::string_view::npos;
}

bool ParseSystraceLine(std::string_view line, SystraceLine* out) {
  size_t open = FindCpuColumn(line, out);
  if (open == std::string_view::npos) return false;
  return ParseEventColumns(line.substr(line.find(']', open) + 1), out);
}

namespace {

// Whether |token| starts a new argument: "name=..." or sched_switch's "==>".
bool StartsArgument(std::string_view token) {
  if (token.substr(0, 3) == "==>") return true;
  size_t i = 0;
  while (i < token.size() && (isalnum(static_cast<unsigned char>(token[i])) || token[i] == '_')) ++i;
  return i > 0 && i < token.size() && token[i] == '=';
}

}  // namespace

bool FindSystraceArg(std::string_view args, std::string_view key, std::string_view* value) {
  size_t pos = 0;
  while (pos < args.size()) {
    size_t end = args.find(' ', pos);
    if (end == std::string_view::npos) end = args.size();
    std::string_view token = args.substr(pos, end - pos);
    if (token.size() > key.size() && token.substr(0, key.size()) == key &&
        token[key.size()] == '=') {
      // A value (a comm) may hold spaces: it ends where the next argument
      // starts.
      size_t value_start = pos + key.size() + 1;
      size_t value_end = end;
      while (value_end < args.size()) {
        size_t next = args.find(' ', value_end + 1);
        if (next == std::string_view::npos) next = args.size();
        if (StartsArgument(args.substr(value_end + 1, next - value_end - 1))) break;
        value_end = next;
      }
      *value = args.substr(value_start, value_end - value_start);
      return true;
    }
    pos = end + 1;
  }
  return false;
}

bool FindSystraceIntArg(std::string_view args, std::string_view key, int64_t* value) {
  std::string_view text;
  if (!FindSystraceArg(args, key, &text)) return false;
  text = text.substr(0, text.find(' '));  // "vec=1 [action=TIMER]"
  bool negative = !text.empty() && text[0] == '-';
  if (negative) text.remove_prefix(1);
  int64_t v = 0;
  if (!ParseUint(text, &v)) return false;
  *value = negative ? -v : v;
  return true;
}

bool FindSystraceHexArg(std::string_view args, std::string_view key, uint64_t* value) {
  std::string_view text;
  if (!FindSystraceArg(args, key, &text)) return false;
  text = text.substr(0, text.find(' '));
  if (text.size() < 3 || text.size() > 18 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) {
    return false;
  }
  uint64_t v = 0;
  for (char c : text.substr(2)) {
    int digit = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
    if (digit < 0) return false;
    v = (v << 4) | static_cast<uint64_t>(digit);
  }
  *value = v;
  return true;
}

}  // namespace weft
