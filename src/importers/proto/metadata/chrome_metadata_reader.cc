// ChromeMetadataReader: Chrome's metadata packet into `metadata` keys.
#include "src/importers/proto/metadata/chrome_metadata_reader.h"

#include <utility>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/chrome/chrome_metadata.fields.h"
#include "src/base/base64.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT

namespace {

std::pair<uint32_t, uint32_t> ReadFinchHash(protozero::data_view bytes) {
  namespace fh = pb::chrome_metadata_packet_finch_hash;
  std::pair<uint32_t, uint32_t> hash{0, 0};
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(fh::kName, kVarint): hash.first = r.get_uint32(); break;
      case tag_and_type(fh::kGroup, kVarint): hash.second = r.get_uint32(); break;
      default: r.skip();
    }
  }
  return hash;
}

}  // namespace

std::string FieldTrialHashesText(const std::vector<std::pair<uint32_t, uint32_t>>& hashes) {
  std::string text;
  for (size_t i = 0; i < hashes.size(); ++i) {
    if (i > 0 && i % 2 == 0) text.push_back('\n');
    text += "{ name: " + std::to_string(hashes[i].first) +
            ", group: " + std::to_string(hashes[i].second) + " } ";
  }
  return text;
}

void ChromeMetadataReader::SetInt(TraceStorage* storage, const std::string& key, int64_t value) {
  storage->metadata.SetInt(storage->Intern(key), storage->Intern("single"), value);
}

void ChromeMetadataReader::SetString(TraceStorage* storage, const std::string& key,
                                     std::string_view value) {
  storage->metadata.SetString(storage->Intern(key), storage->Intern("single"),
                              storage->Intern(value));
}

void ChromeMetadataReader::Read(protozero::data_view bytes) {
  namespace cm = pb::chrome_metadata_packet;
  std::string prefix = "cr-";
  prefix.push_back(static_cast<char>('a' + packets_++ % 26));
  prefix.push_back('-');
  std::vector<std::pair<uint32_t, uint32_t>> hashes;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(cm::kBackgroundTracingMetadata, kBytes):
        ReadBackgroundTracing(r.get_view());
        break;
      case tag_and_type(cm::kChromeVersionCode, kVarint):
        SetInt(storage_, prefix + "playstore_version_code", r.get_int32());
        break;
      case tag_and_type(cm::kEnabledCategories, kBytes):
        SetString(storage_, prefix + "enabled_categories", View(r.get_view()));
        break;
      case tag_and_type(cm::kFieldTrialHashes, kBytes):
        hashes.push_back(ReadFinchHash(r.get_view()));
        break;
      case tag_and_type(cm::kAppPackageName, kBytes):
        SetString(storage_, prefix + "package-name", View(r.get_view()));
        break;
      case tag_and_type(cm::kChromeVersion, kBytes):
        SetString(storage_, prefix + "product-version", View(r.get_view()));
        break;
      case tag_and_type(cm::kChannel, kVarint):
        SetInt(storage_, prefix + "channel", r.get_int32());
        break;
      case tag_and_type(cm::kOsName, kBytes):
        SetString(storage_, prefix + "os-name", View(r.get_view()));
        break;
      default: r.skip();
    }
  }
  if (!hashes.empty()) SetString(storage_, prefix + "field_trial_hashes", FieldTrialHashesText(hashes));
}

void ChromeMetadataReader::ReadBackgroundTracing(protozero::data_view bytes) {
  namespace bt = pb::background_tracing_metadata;
  SetString(storage_, "cr-background_tracing_metadata", Base64Encode(View(bytes)));
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(bt::kScenarioNameHash, kFixed32):
        SetInt(storage_, "cr-scenario_name_hash", r.get_fixed32());
        break;
      case tag_and_type(bt::kTriggeredRule, kBytes): {
        protozero::pbf_reader rule(r.get_view());
        while (rule.next(pb::background_tracing_metadata_trigger_rule::kNameHash, kFixed32)) {
          SetInt(storage_, "cr-triggered_rule_name_hash", rule.get_fixed32());
        }
        break;
      }
      default: r.skip();
    }
  }
}

}  // namespace weft
