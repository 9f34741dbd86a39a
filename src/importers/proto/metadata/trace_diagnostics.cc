// Trace diagnostics: the rules, each a function over the decoded config.
#include "src/importers/proto/metadata/trace_diagnostics.h"

#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/config/data_source_config.fields.h"
#include "protos/perfetto/config/ftrace/ftrace_config.fields.h"
#include "protos/perfetto/config/profiling/heapprofd_config.fields.h"
#include "protos/perfetto/config/trace_config.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT

// What the rules read of one data source.
struct DataSource {
  std::string name;
  uint32_t target_buffer = 0;
  bool has_ftrace = false;
  std::vector<std::string> ftrace_events;
  bool has_buffer_size_kb = false, has_drain_period_ms = false;
  uint32_t buffer_size_kb = 0, drain_period_ms = 0;
  bool symbolize_ksyms = false, enable_function_graph = false, has_syscall_events = false;
  bool has_heapprofd_interval = false;
  uint64_t heapprofd_interval = 0;
};

struct Config {
  bool write_into_file = false;
  uint32_t file_write_period_ms = 0;
  std::vector<bool> buffer_is_discard;
  std::vector<DataSource> sources;
};

void ReadFtraceConfig(protozero::data_view bytes, DataSource* ds) {
  namespace fc = pb::ftrace_config;
  ds->has_ftrace = true;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(fc::kFtraceEvents, kBytes): ds->ftrace_events.emplace_back(r.get_string()); break;
      case tag_and_type(fc::kBufferSizeKb, kVarint):
        ds->has_buffer_size_kb = true;
        ds->buffer_size_kb = r.get_uint32();
        break;
      case tag_and_type(fc::kDrainPeriodMs, kVarint):
        ds->has_drain_period_ms = true;
        ds->drain_period_ms = r.get_uint32();
        break;
      case tag_and_type(fc::kSymbolizeKsyms, kVarint): ds->symbolize_ksyms = r.get_bool(); break;
      case tag_and_type(fc::kSyscallEvents, kBytes):
        ds->has_syscall_events = true;
        r.skip();
        break;
      case tag_and_type(fc::kEnableFunctionGraph, kVarint):
        ds->enable_function_graph = r.get_bool();
        break;
      default: r.skip();
    }
  }
}

DataSource ReadDataSource(protozero::data_view bytes) {
  namespace dsc = pb::data_source_config;
  DataSource ds;
  protozero::pbf_reader outer(bytes);
  while (outer.next()) {
    if (outer.tag_and_type() != tag_and_type(pb::trace_config_data_source::kConfig, kBytes)) {
      outer.skip();
      continue;
    }
    protozero::pbf_reader r = outer.get_message();
    while (r.next()) {
      switch (r.tag_and_type()) {
        case tag_and_type(dsc::kName, kBytes): ds.name = r.get_string(); break;
        case tag_and_type(dsc::kTargetBuffer, kVarint): ds.target_buffer = r.get_uint32(); break;
        case tag_and_type(dsc::kFtraceConfig, kBytes): ReadFtraceConfig(r.get_view(), &ds); break;
        case tag_and_type(dsc::kHeapprofdConfig, kBytes): {
          protozero::pbf_reader h = r.get_message();
          while (h.next()) {
            if (h.tag_and_type() ==
                tag_and_type(pb::heapprofd_config::kSamplingIntervalBytes, kVarint)) {
              ds.has_heapprofd_interval = true;
              ds.heapprofd_interval = h.get_uint64();
            } else {
              h.skip();
            }
          }
          break;
        }
        default: r.skip();
      }
    }
  }
  return ds;
}

Config ReadConfig(std::string_view bytes) {
  namespace tc = pb::trace_config;
  Config c;
  protozero::pbf_reader r(bytes.data(), bytes.size());
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(tc::kWriteIntoFile, kVarint): c.write_into_file = r.get_bool(); break;
      case tag_and_type(tc::kFileWritePeriodMs, kVarint):
        c.file_write_period_ms = r.get_uint32();
        break;
      case tag_and_type(tc::kBuffers, kBytes): {
        uint32_t policy = 0;
        protozero::pbf_reader b = r.get_message();
        while (b.next()) {
          if (b.tag_and_type() ==
              tag_and_type(pb::trace_config_buffer_config::kFillPolicy, kVarint)) {
            policy = b.get_uint32();
          } else {
            b.skip();
          }
        }
        c.buffer_is_discard.push_back(policy ==
                                      pb::trace_config_buffer_config_fill_policy::kDiscard);
        break;
      }
      case tag_and_type(tc::kDataSources, kBytes): c.sources.push_back(ReadDataSource(r.get_view())); break;
      default: r.skip();
    }
  }
  return c;
}

class Writer {
 public:
  explicit Writer(TraceStorage* storage) : storage_(storage) {}
  void Add(const char* key, const char* title, const std::string& description,
           const char* remediation, double confidence) {
    storage_->trace_diagnostics.Insert(storage_->Intern(key), storage_->Intern(title),
                                       storage_->Intern(description),
                                       storage_->Intern(remediation), confidence);
  }

 private:
  TraceStorage* storage_;
};

// Confidence |from| at |a| going linearly to |to| at |b|.
double Ramp(double x, double a, double b, double from, double to) {
  return from + (x - a) / (b - a) * (to - from);
}

void CheckFtraceBuffer(const DataSource& ds, Writer* w) {
  uint32_t kb = ds.buffer_size_kb;
  if (ds.has_buffer_size_kb && kb != 0 && kb < 1024) {  // 0 is the default.
    w->Add("tiny_ftrace_buffer", "Ftrace buffer too small",
           "ftrace buffer_size_kb is only " + std::to_string(kb) +
               " KB (< 1 MB); the kernel ftrace buffer may overrun and drop events under load.",
           "Avoid setting buffer_size_kb explicitly; leave it unset to use the default.",
           kb <= 64 ? 0.9 : Ramp(kb, 64, 1024, 0.9, 0.2));
  }
  uint32_t ms = ds.drain_period_ms;
  if (ds.has_buffer_size_kb && ds.has_drain_period_ms && kb != 0 && ms != 0) {
    double mb_per_s = (kb / 1024.0) / (ms / 1000.0);
    if (mb_per_s < 5.0) {
      w->Add("low_ftrace_drain_bandwidth", "Low ftrace drain bandwidth",
             "ftrace drain bandwidth is low (buffer_size_kb=" + std::to_string(kb) +
                 ", drain_period_ms=" + std::to_string(ms) + " gives under 5 MB/s).",
             "Leave buffer_size_kb and drain_period_ms unset, or raise the bandwidth above "
             "5 MB/s.",
             mb_per_s <= 1.0 ? 0.9 : 0.9 * (5.0 - mb_per_s) / 4.0);
    }
  }
  if (ds.has_drain_period_ms && (ms < 100 || ms > 60000)) {
    w->Add("extreme_ftrace_drain_period", "Extreme ftrace drain period",
           "ftrace drain_period_ms is " + std::to_string(ms) +
               " ms, outside the sane range [100, 60000].",
           "Leave drain_period_ms unset, or set it within [100, 60000].", 0.6);
  }
}

void CheckFtraceEvents(const DataSource& ds, Writer* w) {
  bool has_syscalls = false;
  std::string needs_ksyms;
  for (const std::string& e : ds.ftrace_events) {
    if (e == "raw_syscalls/sys_enter" || e == "raw_syscalls/sys_exit") has_syscalls = true;
    bool address_event =
        e == "workqueue/workqueue_execute_start" || e == "sched/sched_blocked_reason";
    if (address_event && needs_ksyms.empty()) needs_ksyms = e;
  }
  if (has_syscalls && !ds.has_syscall_events) {
    w->Add("syscalls_without_filter", "Unfiltered syscall tracing",
           "raw_syscalls are enabled without any syscall_events filter; every syscall is "
           "recorded.",
           "Restrict syscall_events to the syscalls you need.", 0.3);
  }
  if (ds.symbolize_ksyms) return;
  if (ds.enable_function_graph) {
    w->Add("function_graph_requires_symbolize_ksyms", "Function graph needs symbolize_ksyms",
           "enable_function_graph is set but symbolize_ksyms is not; the kernel addresses "
           "cannot be resolved after the fact.",
           "Set symbolize_ksyms: true in the ftrace config.", 1.0);
  }
  if (!needs_ksyms.empty()) {
    w->Add("events_require_symbolize_ksyms", "Events need symbolize_ksyms",
           "ftrace event " + needs_ksyms +
               " is enabled but symbolize_ksyms is not set; its kernel addresses cannot be "
               "resolved after the fact.",
           "Set symbolize_ksyms: true in the ftrace config.", 0.6);
  }
}

bool IsAndroidUserBuild(const TraceStorage& storage) {
  const MachineTable& machines = storage.machine;
  for (uint32_t m = 0; m < machines.row_count(); ++m) {
    StringId fp = machines.android_build_fingerprint[m];
    if (fp == kNullStringId) continue;
    if (storage.pool().Get(fp).find(":user/") != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

void WriteTraceDiagnostics(std::string_view config, TraceStorage* storage) {
  if (config.empty()) return;
  Config c = ReadConfig(config);
  Writer w(storage);
  bool has_display_video = false;
  for (const DataSource& ds : c.sources) {
    if (ds.has_ftrace) {
      CheckFtraceBuffer(ds, &w);
      CheckFtraceEvents(ds, &w);
    }
    if (ds.has_heapprofd_interval && ds.heapprofd_interval != 0 &&
        ds.heapprofd_interval < 100 * 1024) {
      w.Add("heapprofd_sampling_interval_too_low", "Heapprofd sampling interval too low",
            "heapprofd sampling_interval_bytes is " + std::to_string(ds.heapprofd_interval) +
                " (< 100 KB); it adds overhead without improving accuracy.",
            "Increase sampling_interval_bytes to at least 100 KB.", 0.3);
    }
    // A 7-day period is Traceur's "ring buffer written once" mode.
    bool streaming = c.write_into_file && c.file_write_period_ms < 604800000u;
    bool high_volume = ds.name == "linux.ftrace" || ds.name == "track_event";
    if (streaming && high_volume && ds.target_buffer < c.buffer_is_discard.size() &&
        c.buffer_is_discard[ds.target_buffer]) {
      w.Add("discard_buffer_for_streaming", "DISCARD buffer for streaming",
            "data source \"" + ds.name +
                "\" targets a DISCARD buffer while the trace streams into a file; recording "
                "stops once the buffer first fills.",
            "Use the default RING_BUFFER fill_policy for buffers of ftrace or track_event.",
            0.8);
    }
    if (ds.name == "android.display.video") has_display_video = true;
  }
  // weft imports no display video frames: a user build's config asking for
  // them is reported (Perfetto also checks for frames and producer errors).
  if (has_display_video && IsAndroidUserBuild(*storage)) {
    w.Add("display_video_not_enabled", "Display video not captured",
          "The trace config requested android.display.video, but on user builds display "
          "video is disabled until debug.tracing_video_allowed is set.",
          "adb shell setprop debug.tracing_video_allowed true, then record again.", 0.7);
  }
}

}  // namespace weft
