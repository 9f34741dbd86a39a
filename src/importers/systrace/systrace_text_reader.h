// SystraceTextReader: the bytes of a kernel text trace, in chunks cut
// anywhere, to its event lines. It takes every wrapper the text comes in:
// - plain ftrace text (`trace`, `trace_pipe`, atrace), "# ..." comment
//   lines and trace-cmd's "cpus=N" header skipped;
// - atrace's output, "TRACE:" then the text (a zlib stream after "TRACE:"
//   is inflated before, by the TraceProcessor, like gzip);
// - systrace HTML: the text inside <script class="trace-data"> sections
//   (JSON sections skipped), or inside the old `var linuxPerfData = "..."`
//   JavaScript string whose lines end in a `\n\` escape;
// - that JavaScript-escaped text alone (lines ending in `\n\`).
// Lines that are none of these go to the line callback unchanged; the
// callback decides whether they are events. Reference:
// docs/formats/systrace.md.
#ifndef SRC_IMPORTERS_SYSTRACE_SYSTRACE_TEXT_READER_H_
#define SRC_IMPORTERS_SYSTRACE_SYSTRACE_TEXT_READER_H_

#include <functional>
#include <string>
#include <string_view>

#include "src/base/status.h"

namespace weft {

class SystraceTextReader {
 public:
  using LineFn = std::function<void(std::string_view line)>;
  explicit SystraceTextReader(LineFn on_line);

  Status Parse(const char* data, size_t size);
  // A plain text trace that ends inside a line (no final line break) was
  // cut short: a data-loss status at the line's start, after every line
  // before it went to the callback (the cut line is not imported).
  Status NotifyEndOfFile();

 private:
  enum class State {
    kStart,          // Before the first line: which wrapper?
    kText,           // Plain or JS-escaped text lines.
    kHtmlOutside,    // HTML outside a trace section.
    kHtmlTraceData,  // Inside <script class="trace-data">: text lines.
    kHtmlSkip,       // Inside a section that holds no kernel text.
    kJsString,       // Inside `var linuxPerfData = "`.
  };
  void SplitLines(bool at_end);
  void OnLine(std::string_view line);
  void OnFirstLine(std::string_view line);
  void OnHtmlLine(std::string_view line);
  void EmitText(std::string_view line);

  LineFn on_line_;
  State state_ = State::kStart;
  std::string pending_;  // Bytes after the last complete line.
  uint64_t pending_offset_ = 0;  // Where pending_ starts in the text.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_SYSTRACE_SYSTRACE_TEXT_READER_H_
