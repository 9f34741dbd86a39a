// SystraceImporter: reader → kept lines → sort → parser.
#include "src/importers/systrace/systrace_importer.h"

#include <algorithm>
#include <cstring>

namespace weft {

SystraceImporter::SystraceImporter(TraceContext* context)
    : ctx_(context),
      reader_([this](std::string_view text) { OnLine(text); }),
      parser_(context) {
  // Kernel traces: pid 0 is the idle task, the swapper thread (utid 0).
  context->processes.NameIdleTask();
  context->processes.MapIdleTask();
}

Status SystraceImporter::Parse(const char* data, size_t size) {
  return reader_.Parse(data, size);
}

void SystraceImporter::OnLine(std::string_view text) {
  ++lines_seen_;
  SystraceLine line;
  if (!ParseSystraceLine(text, &line)) {
    ctx_->storage->stats.Increment(Stat::systrace_line_unparsed);
    return;
  }
  if (line.event == "sched_waking") has_waking_ = true;
  BlockArena::Bytes kept = text_.Allocate(text.size());
  memcpy(kept.data, text.data(), text.size());
  if (kept.block == lines_in_block_.size()) lines_in_block_.push_back(0);
  ++lines_in_block_[kept.block];
  lines_.push_back({line.ts, kept.data, static_cast<uint32_t>(text.size()), kept.block});
}

Status SystraceImporter::NotifyEndOfFile() {
  // A cut last line (data loss) still leaves every line before it to parse.
  Status end = reader_.NotifyEndOfFile();
  if (lines_.empty() && (lines_seen_ > 0 || !end.ok())) {
    return Status::Error("no line of this text trace is an ftrace event line");
  }
  // The kernel emits sched_waking and then sched_wakeup for one wakeup;
  // Perfetto reads waking only. Traces without waking still get runnable
  // states, from their wakeups.
  parser_.set_read_wakeups(!has_waking_);
  ParseKeptLines();
  return end;
}

void SystraceImporter::ParseKeptLines() {
  auto earlier = [](const KeptLine& a, const KeptLine& b) { return a.ts < b.ts; };
  // Text traces are usually in time order already; stable_sort would
  // allocate a copy of the lines even then.
  if (!std::is_sorted(lines_.begin(), lines_.end(), earlier)) {
    std::stable_sort(lines_.begin(), lines_.end(), earlier);
  }
  for (const KeptLine& kept : lines_) {
    SystraceLine line;
    // It parsed when it was kept: the same text parses the same way.
    if (ParseSystraceLine(std::string_view(kept.text, kept.size), &line)) parser_.ParseLine(line);
    if (--lines_in_block_[kept.block] == 0) text_.FreeBlock(kept.block);
  }
  lines_.clear();
  lines_.shrink_to_fit();
  text_.Clear();
  lines_in_block_.clear();
}

}  // namespace weft
