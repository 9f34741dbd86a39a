// SystraceTextReader: wrappers and line splitting of kernel text traces.
#include "src/importers/systrace/systrace_text_reader.h"

#include <cctype>

#include "src/base/string_view_util.h"
#include "src/importers/systrace/systrace_line.h"

namespace weft {

namespace {

bool Contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

// trace-cmd's first line: "cpus=" and digits.
bool IsCpusHeader(std::string_view line) {
  if (!StartsWith(line, "cpus=") || line.size() == 5) return false;
  for (char c : line.substr(5)) {
    if (!isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// A line of JavaScript-escaped text ends in the two characters "\n", then
// a backslash continuing the string (or the string's closing quote).
std::string_view StripJsLineEnd(std::string_view line) {
  for (std::string_view end : {"\\n\\", "\\n\";", "\\n\"", "\\"}) {
    if (EndsWith(line, end)) return line.substr(0, line.size() - end.size());
  }
  return line;
}

}  // namespace

SystraceTextReader::SystraceTextReader(LineFn on_line) : on_line_(std::move(on_line)) {}

Status SystraceTextReader::Parse(const char* data, size_t size) {
  pending_.append(data, size);
  SplitLines(/*at_end=*/false);
  return Status::Ok();
}

Status SystraceTextReader::NotifyEndOfFile() {
  SplitLines(/*at_end=*/false);
  // ftrace ends every line with a line break: text after the last one is
  // a line cut short, maybe at a field boundary, so it is not imported.
  std::string_view last = pending_;
  while (!last.empty() && isspace(static_cast<unsigned char>(last.back()))) last.remove_suffix(1);
  if (state_ == State::kText && !last.empty() && last.front() != '#') {
    return DataLossStatus(pending_offset_, "the trace ends inside a line (truncated file?)");
  }
  SplitLines(/*at_end=*/true);
  return Status::Ok();
}

void SystraceTextReader::SplitLines(bool at_end) {
  size_t start = 0;
  for (;;) {
    size_t nl = pending_.find('\n', start);
    if (nl == std::string::npos) break;
    OnLine(std::string_view(pending_).substr(start, nl - start));
    start = nl + 1;
  }
  if (at_end && start < pending_.size()) {
    OnLine(std::string_view(pending_).substr(start));
    start = pending_.size();
  }
  pending_.erase(0, start);
  pending_offset_ += start;
}

void SystraceTextReader::OnLine(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  switch (state_) {
    case State::kStart:
      OnFirstLine(line);
      return;
    case State::kText:
      EmitText(StripJsLineEnd(line));
      return;
    case State::kHtmlOutside:
      OnHtmlLine(line);
      return;
    case State::kHtmlTraceData:
    case State::kHtmlSkip:
      if (Contains(line, "</script>")) {
        state_ = State::kHtmlOutside;
        return;
      }
      if (state_ == State::kHtmlSkip) return;
      // A section holds kernel text, a JSON trace, or a process / cgroup
      // dump: only the first is read here.
      if (StartsWith(line, "PROCESS DUMP") || StartsWith(line, "CGROUP DUMP") ||
          StartsWith(line, "{") || StartsWith(line, "[")) {
        state_ = State::kHtmlSkip;
        return;
      }
      EmitText(line);
      return;
    case State::kJsString: {
      bool last = Contains(line, "\";");
      EmitText(StripJsLineEnd(line));
      if (last) state_ = State::kHtmlOutside;
      return;
    }
  }
}

void SystraceTextReader::OnFirstLine(std::string_view line) {
  std::string_view trimmed = line;
  while (!trimmed.empty() && isspace(static_cast<unsigned char>(trimmed.front()))) {
    trimmed.remove_prefix(1);
  }
  if (trimmed.empty()) return;  // Leading blank lines.
  if (trimmed == "TRACE:" || IsCpusHeader(trimmed)) {
    return;  // atrace's marker and trace-cmd's header come before the text.
  }
  SystraceLine event;
  if (trimmed.front() == '<' && !ParseSystraceLine(line, &event)) {  // Not "<idle>-0 ...".
    state_ = State::kHtmlOutside;
    OnHtmlLine(line);
    return;
  }
  state_ = State::kText;
  EmitText(StripJsLineEnd(line));
}

void SystraceTextReader::OnHtmlLine(std::string_view line) {
  if (Contains(line, "<script class=\"trace-data\"")) {
    state_ = State::kHtmlTraceData;
    return;
  }
  constexpr std::string_view kJsData = "linuxPerfData = \"";
  size_t at = line.find(kJsData);
  if (at != std::string_view::npos) {
    state_ = State::kJsString;
    std::string_view rest = line.substr(at + kJsData.size());
    if (!rest.empty()) OnLine(rest);
  }
}

void SystraceTextReader::EmitText(std::string_view line) {
  size_t first = 0;
  while (first < line.size() && isspace(static_cast<unsigned char>(line[first]))) ++first;
  if (first == line.size() || line[first] == '#') return;  // Blank or comment.
  on_line_(line);
}

}  // namespace weft
