// SystemCounterTracks: get-or-create of the system probes' counter tracks.
#include "src/importers/proto/system/system_counter_tracks.h"

namespace weft {

namespace {

// What makes a track unique: machine, name and dimension values.
std::string Key(uint32_t machine, std::string_view name,
                std::initializer_list<SystemCounterTracks::Dimension> dims) {
  std::string key = std::to_string(machine);
  key.append(1, '\0').append(name);
  for (const SystemCounterTracks::Dimension& d : dims) {
    key.append(1, '\0').append(d.is_int ? std::to_string(d.num) : std::string(d.str));
  }
  return key;
}

}  // namespace

uint32_t SystemCounterTracks::Get(uint32_t machine, std::string_view name, const Spec& spec,
                                  std::initializer_list<Dimension> dims) {
  TraceStorage* s = storage_;
  auto [it, inserted] = tracks_.emplace(Key(machine, name, dims), 0);
  if (!inserted) return it->second;
  TrackTable::Row row;
  row.name = s->Intern(name);
  row.type = s->Intern(spec.type);
  row.event_type = TrackEventType::kCounter;
  if (spec.unit) row.unit = s->Intern(spec.unit);
  if (spec.cpu) row.cpu = *spec.cpu;
  ArgsTable& args = s->args;
  uint32_t set = args.BeginSet();
  for (const Dimension& d : dims) {
    StringId key = s->Intern(d.key);
    if (d.is_int) {
      args.AddInt(set, key, key, d.num);
    } else {
      args.AddString(set, key, key, s->Intern(d.str));
    }
  }
  row.dimension_arg_set_id = args.FinishSet();
  uint32_t track = s->track.Insert(row, s->Intern("counter"));
  s->track.machine_id.Set(track, machine);
  it->second = track;
  return track;
}

}  // namespace weft
