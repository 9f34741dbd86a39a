// SystemPropertyParser: Android system properties into counters and slices.
#include "src/importers/proto/android/system_property_parser.h"

#include <charconv>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/android/android_system_property.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT

void SystemPropertyParser::Parse(int64_t ts, protozero::data_view packet) {
  namespace asp = pb::android_system_property;
  namespace pv = pb::android_system_property_property_value;
  protozero::pbf_reader r(packet);
  while (r.next()) {
    if (r.tag_and_type() != tag_and_type(asp::kValues, kBytes)) {
      r.skip();
      continue;
    }
    std::string_view name, value;
    protozero::pbf_reader v(r.get_view());
    while (v.next()) {
      switch (v.tag_and_type()) {
        case tag_and_type(pv::kName, kBytes): name = View(v.get_view()); break;
        case tag_and_type(pv::kValue, kBytes): value = View(v.get_view()); break;
        default: v.skip();
      }
    }
    ParseValue(ts, name, value);
  }
}

void SystemPropertyParser::ParseValue(int64_t ts, std::string_view name,
                                      std::string_view value) {
  TraceStorage* storage = ctx_->storage;
  if (name == "debug.tracing.screen_state") {
    int64_t state = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), state);
    if (ec != std::errc() || end != value.data() + value.size()) {
      storage->stats.Increment(Stat::android_system_property_invalid);
      return;
    }
    uint32_t track = ctx_->tracks.GlobalCounterTrack(storage->Intern("ScreenState"),
                                                     storage->Intern("android_screen_state"));
    storage->counter.Insert(ts, track, static_cast<double>(state), Uint32Column::kNull);
  } else if (name == "debug.tracing.device_state") {
    if (device_state_track_ == UINT32_MAX) {
      device_state_track_ = ctx_->tracks.NewAsyncTrack(
          Uint32Column::kNull, storage->Intern("DeviceStateChanged"),
          storage->Intern("android_device_state"));
    }
    SliceInfo info;
    info.name = storage->Intern(value);
    Overlap overlap;
    ctx_->slices.Scoped(device_state_track_, ts, 0, info, &overlap);
  }
}

}  // namespace weft
