// DamageLog: the stat, the import-log rows and the warning line.
#include "src/trace/damage_log.h"

#include <cinttypes>
#include <cstdio>

#include "src/storage/trace_storage.h"

namespace weft {

void DamageLog::Add(const Status& status) {
  for (const Status& r : reports_) {
    if (r.offset() == status.offset() && r.message() == status.message()) return;
  }
  reports_.push_back(status);
}

const Status& DamageLog::First() const {
  const Status* first = &reports_[0];
  for (const Status& r : reports_) {
    if (r.offset() < first->offset()) first = &r;
  }
  return *first;
}

void DamageLog::Write(TraceStorage* storage) const {
  if (reports_.empty()) return;
  storage->stats.Set(Stat::truncated_trace, static_cast<int64_t>(First().offset()));
  StringId severity = storage->Intern("data_loss");
  StringId name = storage->Intern(GetStatInfo(Stat::truncated_trace).name);
  StringId key = storage->Intern("reason");
  for (const Status& r : reports_) {
    ArgsTable& args = storage->args;
    uint32_t set = args.BeginSet();
    args.AddString(set, key, key, storage->Intern(r.message()));
    storage->import_logs.InsertAtOffset(severity, name, static_cast<int64_t>(r.offset()),
                                        args.FinishSet(/*shareable=*/false));
  }
}

std::string DamageLog::Warning() const {
  if (reports_.empty()) return std::string();
  char head[96];
  snprintf(head, sizeof(head), "trace truncated at byte %" PRIu64 ": showing what precedes it",
           First().offset());
  return std::string(head) + " (" + First().message() + ")";
}

}  // namespace weft
