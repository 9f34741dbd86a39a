// ProtoArgsWriter: the reflective decoder of typed TrackEvent args. Walks a
// message's bytes with protozero and its schema from a DescriptorPool and
// adds one arg per scalar: key "<field>" (nested messages "outer.inner",
// repeated fields "name[i]" in `key` only), enums by value name. Fields of
// type DebugAnnotation and *_location_iid fields get Perfetto's treatment.
#ifndef SRC_IMPORTERS_PROTO_ARGS_PROTO_ARGS_WRITER_H_
#define SRC_IMPORTERS_PROTO_ARGS_PROTO_ARGS_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include <protozero/data_view.hpp>

#include "src/importers/proto/track_event/debug_annotations.h"
#include "src/importers/proto/args/descriptor_pool.h"
#include "src/importers/proto/sequence/proto_sequence_state.h"
#include "src/storage/trace_storage.h"

namespace weft {

class ProtoArgsWriter {
 public:
  static constexpr int kMaxDepth = 64;

  ProtoArgsWriter(TraceStorage* storage, DebugAnnotationWriter* annotations)
      : storage_(storage), annotations_(annotations) {}

  // Adds the fields of |bytes|, a |message|, to |set|; top-level fields
  // whose number has its bit set in |skip| (numbers < 64) are left out.
  // Fields no descriptor knows become "unknown_fields.<number>" args (see
  // UnknownFields), or a stat when the trace's descriptors extend the
  // message without them; fields whose wire type contradicts their type
  // are counted in stats, not imported. May throw protozero::exception
  // on malformed bytes (the caller drops the packet).
  void Add(uint32_t set, const DescriptorPool& pool, const ProtoMessageInfo& message,
           protozero::data_view bytes, const SequenceGeneration& gen, uint64_t skip);

  // Adds "<prefix>.file_name", ".function_name", ".line_number" of an
  // interned SourceLocation; false (and a stat) if |iid| is unknown.
  bool AddSourceLocation(uint32_t set, uint64_t iid, const SequenceGeneration& gen,
                         std::string_view prefix);

 private:
  void AddFields(const ProtoMessageInfo& message, protozero::data_view bytes, uint64_t skip,
                 int depth);
  // One occurrence of |field| (|raw| is its varint / fixed value).
  void AddScalar(const ProtoFieldInfo& field, uint64_t raw);
  void AddPacked(const ProtoFieldInfo& field, protozero::data_view bytes, size_t* index);
  void AddLeaf(ArgType type, int64_t raw);

  TraceStorage* storage_;
  DebugAnnotationWriter* annotations_;
  const DescriptorPool* pool_ = nullptr;
  const SequenceGeneration* gen_ = nullptr;
  uint32_t set_ = 0;
  std::string key_, flat_key_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ARGS_PROTO_ARGS_WRITER_H_
