// JsonCpuProfileReader: reads the JSON pieces of V8 CPU profiles — the args
// of `Profile` / `ProfileChunk` (phase P) and `CpuProfile` events, and the
// members of a `.cpuprofile` file — into CpuProfileChunk values for the
// CpuProfileTracker. Times are microseconds in JSON, nanoseconds after.
// Reference: docs/formats/json.md ("CPU profiles").
#ifndef SRC_IMPORTERS_JSON_JSON_CPU_PROFILE_READER_H_
#define SRC_IMPORTERS_JSON_JSON_CPU_PROFILE_READER_H_

#include <string>
#include <string_view>

#include "src/importers/common/cpu_profile_tracker.h"
#include "src/importers/json/json_lexer.h"
#include "src/storage/trace_storage.h"

namespace weft {

// What one profile event or file carries.
struct CpuProfilePiece {
  bool has_start_time = false;  // A head ("startTime").
  int64_t start_ns = 0;
  bool has_chunk = false;  // Nodes, samples or time deltas.
  CpuProfileChunk chunk;
};

class JsonCpuProfileReader {
 public:
  explicit JsonCpuProfileReader(TraceStorage* storage) : storage_(storage) {}

  // The args object of a profile event: {"data": {...}}.
  LexResult ReadEventArgs(JsonLexer* lexer, CpuProfilePiece* out);
  // One member of a profile object (nodes, samples, timeDeltas, lines,
  // startTime); other keys are skipped.
  LexResult ReadMember(std::string_view key, JsonLexer* lexer, CpuProfilePiece* out);
  // One element of "nodes". Each Read* adds nothing unless it returns kOk,
  // so a caller may retry an element cut by the end of a chunk.
  LexResult ReadNode(JsonLexer* lexer, CpuProfileChunk* chunk);
  // One element of "samples", "timeDeltas" or "lines".
  LexResult ReadSample(JsonLexer* lexer, CpuProfileChunk* chunk);
  LexResult ReadTimeDelta(JsonLexer* lexer, CpuProfileChunk* chunk);
  LexResult ReadLine(JsonLexer* lexer);
  // The run of plain elements at the lexer (digits, then a comma): most of
  // a profile's "samples" and "timeDeltas", read in a tight loop. Stops
  // before anything else (the last element, a sign, a fraction, spaces),
  // which the Read* above then read; never stops inside an element.
  // Returns the number of elements read.
  size_t ReadPlainSamples(JsonLexer* lexer, CpuProfileChunk* chunk);
  size_t ReadPlainTimeDeltas(JsonLexer* lexer, CpuProfileChunk* chunk);
  // "trace_ids": {"<trace id>": node id, ...}.
  LexResult ReadTraceIds(JsonLexer* lexer, CpuProfileChunk* chunk);

 private:
  LexResult ReadData(JsonLexer* lexer, CpuProfilePiece* out);
  LexResult ReadCallFrame(JsonLexer* lexer, CpuProfileNode* node);
  // Calls |read_one| for each element of the array at the lexer.
  template <typename F>
  LexResult ReadArray(JsonLexer* lexer, F read_one);

  TraceStorage* storage_;
  std::string scratch_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_CPU_PROFILE_READER_H_
