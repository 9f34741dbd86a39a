// SystraceImporter: kernel text traces (ftrace / atrace / systrace) as a
// TraceImporter. The reader cuts event lines out of the chunks; each line
// is parsed for its columns and kept (its text copied into blocks that
// never move) until the end of the file, when the lines are sorted by
// timestamp (stable: equal timestamps keep file order, as the kernel
// wrote them) and handed to the parser. Reference: docs/formats/systrace.md.
#ifndef SRC_IMPORTERS_SYSTRACE_SYSTRACE_IMPORTER_H_
#define SRC_IMPORTERS_SYSTRACE_SYSTRACE_IMPORTER_H_

#include <string>
#include <vector>

#include "src/base/block_arena.h"
#include "src/base/pod_vector.h"
#include "src/importers/common/trace_context.h"
#include "src/importers/common/trace_importer.h"
#include "src/importers/systrace/systrace_line.h"
#include "src/importers/systrace/systrace_parser.h"
#include "src/importers/systrace/systrace_text_reader.h"

namespace weft {

class SystraceImporter final : public TraceImporter {
 public:
  explicit SystraceImporter(TraceContext* context);

  Status Parse(const char* data, size_t size) override;
  Status NotifyEndOfFile() override;

 private:
  void OnLine(std::string_view text);

  TraceContext* ctx_;
  SystraceTextReader reader_;
  SystraceParser parser_;
  // An event line kept until the end of the file (when lines are sorted and
  // parsed): its time and text only, 24 bytes instead of an 80-byte parsed
  // SystraceLine; the text is parsed again then.
  struct KeptLine {
    int64_t ts;
    const char* text;
    uint32_t size;
    uint32_t block;  // Its text's block in text_ (fits in the padding).
  };
  // Parses the kept lines in time order, freeing each block of text once
  // its last line is parsed: in a mostly sorted trace the text goes while
  // the tables grow, instead of both being held at the end.
  void ParseKeptLines();
  PodVector<KeptLine> lines_;
  bool has_waking_ = false;
  // The kept lines' text; a huge page a block (PodVector maps it so): the
  // text is copied into fresh memory, one fault per block, not per 4 KiB.
  static constexpr size_t kTextBlockBytes = size_t{2} << 20;
  BlockArena text_{kTextBlockBytes, kTextBlockBytes};
  std::vector<uint32_t> lines_in_block_;  // Not yet parsed, per block of text_.
  uint64_t lines_seen_ = 0;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_SYSTRACE_SYSTRACE_IMPORTER_H_
