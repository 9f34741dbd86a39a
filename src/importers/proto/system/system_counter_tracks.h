// SystemCounterTracks: the counter tracks of system probes (SysStats),
// as Perfetto names them: one track per (machine, name, dimensions), with
// a type, a unit, a cpu when a dimension is one, and its dimension args.
#ifndef SRC_IMPORTERS_PROTO_SYSTEM_SYSTEM_COUNTER_TRACKS_H_
#define SRC_IMPORTERS_PROTO_SYSTEM_SYSTEM_COUNTER_TRACKS_H_

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "src/storage/trace_storage.h"

namespace weft {

class SystemCounterTracks {
 public:
  // One dimension arg: a string, or an integer when |is_int|.
  struct Dimension {
    const char* key;
    std::string_view str;
    int64_t num = 0;
    bool is_int = false;
  };
  static Dimension Str(const char* key, std::string_view v) { return {key, v, 0, false}; }
  static Dimension Int(const char* key, int64_t v) { return {key, {}, v, true}; }

  struct Spec {
    const char* type;
    const char* unit;  // nullptr: none.
    std::optional<uint32_t> cpu;  // The cpu dimension: a cpu_counter_track.
  };

  explicit SystemCounterTracks(TraceStorage* storage) : storage_(storage) {}
  // The track named |name| with dimensions |dims| of machine table row
  // |machine|, created with |spec| if new.
  uint32_t Get(uint32_t machine, std::string_view name, const Spec& spec,
               std::initializer_list<Dimension> dims);
  // Adds a counter value at |ts|.
  void Push(int64_t ts, uint32_t track, double value) {
    storage_->counter.Insert(ts, track, value, Uint32Column::kNull);
  }

 private:
  TraceStorage* storage_;
  std::unordered_map<std::string, uint32_t> tracks_;  // By Key().
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_SYSTEM_SYSTEM_COUNTER_TRACKS_H_
