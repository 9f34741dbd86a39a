// ChromeMetadataReader: TracePacket.chrome_metadata (ChromeMetadataPacket),
// read by the tokenizer in file order into `metadata` keys named as
// Perfetto names them. Each packet's keys take the prefix "cr-a-", then
// "cr-b-" for the next packet, ... (a letter per Chrome instance, wrapping
// after "z"): playstore_version_code, enabled_categories,
// field_trial_hashes, package-name, product-version, channel, os-name. The
// background tracing metadata is about the trace, unprefixed:
// cr-background_tracing_metadata (its bytes, base64), cr-scenario_name_hash
// and cr-triggered_rule_name_hash.
#ifndef SRC_IMPORTERS_PROTO_METADATA_CHROME_METADATA_READER_H_
#define SRC_IMPORTERS_PROTO_METADATA_CHROME_METADATA_READER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/storage/trace_storage.h"

namespace weft {

class ChromeMetadataReader {
 public:
  explicit ChromeMetadataReader(TraceStorage* storage) : storage_(storage) {}
  // Malformed bytes throw protozero::exception; what was read is kept.
  void Read(protozero::data_view bytes);

  // A trace-wide key (as every key here): single-valued, the last wins.
  static void SetInt(TraceStorage* storage, const std::string& key, int64_t value);
  static void SetString(TraceStorage* storage, const std::string& key, std::string_view value);

 private:
  void ReadBackgroundTracing(protozero::data_view bytes);

  TraceStorage* storage_;
  uint32_t packets_ = 0;
};

// Perfetto's text of the Finch hashes: "{ name: N, group: G } " each, a
// line break before every pair after the first.
std::string FieldTrialHashesText(const std::vector<std::pair<uint32_t, uint32_t>>& hashes);

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_METADATA_CHROME_METADATA_READER_H_
