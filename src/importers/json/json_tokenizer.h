// JsonTokenizer: framing for Chrome JSON traces fed in chunks cut at any
// byte. Recognises both shapes — {"traceEvents": [...], ...} and a bare
// (possibly unterminated) array — keeps only the unfinished tail of the
// input between chunks, and hands each complete event to the decoder.
// Top-level "metadata" members become rows of the `metadata` table; the
// members of a bare .cpuprofile and of the old "samples" + "stackFrames"
// format are CPU profiles.
// A malformed event is skipped (reading resumes at the next event object);
// a file cut short or broken outside events stops there, keeping what was
// read before (see docs/damaged_traces.md).
#ifndef SRC_IMPORTERS_JSON_JSON_TOKENIZER_H_
#define SRC_IMPORTERS_JSON_JSON_TOKENIZER_H_

#include <cstdint>
#include <string>

#include "src/base/status.h"
#include "src/importers/json/json_event_decoder.h"
#include "src/importers/json/json_event_queue.h"
#include "src/importers/json/json_stack_samples.h"
#include "src/storage/trace_storage.h"

namespace weft {

class JsonTokenizer {
 public:
  JsonTokenizer(TraceStorage* storage, JsonEventQueue* queue, CpuProfileTracker* profiles);

  Status Parse(const char* data, size_t size);
  Status NotifyEndOfFile();
  // The text of a "systemTraceEvents" string (systrace / ftrace lines), if
  // the trace has one.
  const std::string& system_trace() const { return system_trace_; }
  // The old format's samples, finished by the importer at the end.
  JsonStackSamples* stack_samples() { return &stack_samples_; }

 private:
  enum class State {
    kStart,           // Before '{' or '['.
    kDictKey,         // Expecting a key, ',' or '}'.
    kDictColon,       // After a key.
    kDictValue,       // Expecting the value of key_.
    kEvents,          // Inside the events array.
    kResync,          // After a malformed event: looking for the next one.
    kProfileArray,    // Inside a top-level CPU profile array (profile_array_).
    kStackFrames,     // Inside the top-level "stackFrames" object.
    kDone,            // Only whitespace may follow.
  };

  // Consumes as much of [begin, end) as possible (file offset |offset|);
  // *consumed is how many bytes were used up.
  Status Process(const char* begin, const char* end, uint64_t offset,
                 size_t* consumed);
  Status ProcessOne(JsonLexer* lexer, bool* progressed);
  Status ReadMetadataObject(JsonLexer* lexer);
  // Top-level members of a .cpuprofile (nodes, samples, timeDeltas, lines,
  // startTime) and of the old sample format (samples, stackFrames), read
  // one element at a time (json_tokenizer_profile.cc). False if key_ is
  // none of them (or its value has another type).
  bool StartProfileMember(JsonLexer* lexer, bool* progressed);
  Status ProcessProfileArray(JsonLexer* lexer, bool* progressed);
  // A run of plain numbers of the profile array being read, if it holds
  // numbers (JsonCpuProfileReader::ReadPlainSamples); how many.
  size_t ReadPlainElements(JsonLexer* lexer);
  // One element of the profile array being read (profile_array_).
  LexResult ReadProfileArrayElement(JsonLexer* lexer);
  Status ProcessStackFrames(JsonLexer* lexer, bool* progressed);
  // Hands a .cpuprofile's profile to the tracker (at the end of the file).
  void FinishFileProfile();
  // A fatal error while nothing was read yet; afterwards a data-loss
  // status (the trace stops being read at |at|).
  Status Error(const char* what, const char* at);
  // Counts the malformed event at |start| and looks for the next one.
  void SkipBadEvent(JsonLexer* lexer, const char* start);
  // Moves the lexer towards the next event; true if it moved.
  bool Resync(JsonLexer* lexer);

  TraceStorage* storage_;
  JsonEventDecoder decoder_;
  CpuProfileTracker* profiles_;
  JsonCpuProfileReader profile_reader_;
  JsonStackSamples stack_samples_;
  CpuProfilePiece file_profile_;  // A .cpuprofile file's members.
  enum class ProfileArray { kNodes, kSamples, kTimeDeltas, kLines, kChromeSamples };
  ProfileArray profile_array_ = ProfileArray::kNodes;
  bool profile_array_started_ = false;
  State state_ = State::kStart;
  bool bare_array_ = false;
  bool read_any_ = false;  // An event or the metadata was read.
  std::string key_;
  // Bytes of an unfinished token or event carried to the next chunk.
  std::string buffer_;
  uint64_t offset_ = 0;        // File offset of the next unconsumed byte.
  uint64_t lines_before_ = 0;  // Newlines in the bytes already consumed.
  const char* range_begin_ = nullptr;  // What Process() is reading now.
  std::string scratch_;
  std::string system_trace_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_JSON_JSON_TOKENIZER_H_
