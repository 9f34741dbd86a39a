// AndroidFrameworkEvents: process start / binder death TrackEvents into
// __intrinsic_android_track_event_process.
#include "src/importers/proto/android/android_framework_events.h"

#include <string>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/android/android_framework_track_event.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT

namespace {

namespace fbte = pb::frameworks_base_track_event;
constexpr uint32_t kNull = Uint32Column::kNull;
constexpr char kTriggerTypeEnum[] = ".com.android.internal.TriggerType";
constexpr char kHostingTypeEnum[] = ".com.android.internal.HostingTypeId";

}  // namespace

void AndroidFrameworkEvents::OnSlice(protozero::data_view event, int64_t ts,
                                     const DescriptorPool& pool) {
  protozero::pbf_reader r(event);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(fbte::kProcessStartEvent, kBytes):
        OnProcessStart(r.get_view(), ts, pool);
        break;
      case tag_and_type(fbte::kBinderDiedEvent, kBytes):
        OnBinderDied(r.get_view(), ts);
        break;
      default:
        r.skip();
    }
  }
}

void AndroidFrameworkEvents::OnProcessStart(protozero::data_view start, int64_t ts,
                                            const DescriptorPool& pool) {
  namespace ps = pb::android_process_start_event;
  TraceStorage* storage = ctx_->storage;
  AndroidTrackEventProcessTable& table = storage->android_track_event_process;
  // The pid first: every other field belongs to its process.
  bool has_pid = false;
  int64_t pid = 0;
  for (protozero::pbf_reader r(start); r.next();) {
    if (r.tag_and_type() == tag_and_type(ps::kPid, kVarint)) {
      has_pid = true;
      pid = r.get_int32();
    } else {
      r.skip();
    }
  }
  if (!has_pid) return;
  uint32_t upid = ctx_->processes.GetOrCreateProcess(pid);
  uint32_t row = RowOf(upid);
  for (protozero::pbf_reader r(start); r.next();) {
    switch (r.tag_and_type()) {
      case tag_and_type(ps::kUid, kVarint):
        ctx_->processes.SetProcessUid(upid, r.get_int32());
        break;
      case tag_and_type(ps::kProcessName, kBytes):
        ctx_->processes.SetProcessName(upid, storage->Intern(View(r.get_view())));
        break;
      case tag_and_type(ps::kStartSeqId, kVarint): table.start_seq_id.Set(row, r.get_int64()); break;
      case tag_and_type(ps::kPackageUid, kVarint): table.package_uid.Set(row, r.get_int32()); break;
      case tag_and_type(ps::kCallerUid, kVarint): table.caller_uid.Set(row, r.get_int32()); break;
      case tag_and_type(ps::kDefiningUid, kVarint): table.defining_uid.Set(row, r.get_int32()); break;
      case tag_and_type(ps::kTriggerType, kVarint):
        table.trigger_type.Set(row, EnumName(pool, kTriggerTypeEnum, r.get_int32()));
        break;
      case tag_and_type(ps::kHostingType, kVarint):
        table.hosting_type.Set(row, EnumName(pool, kHostingTypeEnum, r.get_int32()));
        break;
      case tag_and_type(ps::kHostingName, kBytes):
        table.hosting_name.Set(row, storage->Intern(View(r.get_view())));
        break;
      case tag_and_type(ps::kBindApplicationDelayMs, kVarint):
        table.bind_application_delay_ms.Set(row, r.get_int64());
        break;
      case tag_and_type(ps::kProcessStartDelayMs, kVarint):
        table.process_start_delay_ms.Set(row, r.get_int64());
        break;
      default:
        r.skip();
    }
  }
  if (table.fw_start_ts.IsNull(row)) table.fw_start_ts.Set(row, ts);
}

void AndroidFrameworkEvents::OnBinderDied(protozero::data_view died, int64_t ts) {
  namespace bd = pb::android_binder_died_event;
  for (protozero::pbf_reader r(died); r.next();) {
    if (r.tag_and_type() != tag_and_type(bd::kPid, kVarint)) {
      r.skip();
      continue;
    }
    int64_t pid = r.get_int32();
    // The process of the thread |pid| names; a process never seen is not
    // created just to die.
    uint32_t utid = ctx_->processes.GetThread(pid);
    if (utid == kNull) return;
    uint32_t upid = ctx_->storage->thread.upid[utid];
    if (upid == kNull) return;
    ctx_->storage->android_track_event_process.fw_end_ts.Set(RowOf(upid), ts);
    ctx_->processes.EndThread(pid, ts);
    return;
  }
}

uint32_t AndroidFrameworkEvents::RowOf(uint32_t upid) {
  auto [it, inserted] = row_by_upid_.emplace(upid, 0);
  if (inserted) it->second = ctx_->storage->android_track_event_process.Insert(upid);
  return it->second;
}

StringId AndroidFrameworkEvents::EnumName(const DescriptorPool& pool, const char* enum_name,
                                          int64_t value) {
  const ProtoEnumInfo* info = pool.FindEnum(enum_name);
  if (info) {
    auto it = info->values.find(static_cast<int32_t>(value));
    if (it != info->values.end()) return ctx_->storage->Intern(it->second);
  }
  return ctx_->storage->Intern(std::to_string(value));
}

}  // namespace weft
