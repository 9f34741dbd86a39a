// The FileDescriptorSet of the TrackEvent protos weft knows (protos/, with
// Chrome's typed args), generated at build time by tools/embed_descriptor.py:
// the schema the reflective args decoder uses for typed TrackEvent fields.
#ifndef SRC_IMPORTERS_PROTO_ARGS_COMPILED_DESCRIPTORS_H_
#define SRC_IMPORTERS_PROTO_ARGS_COMPILED_DESCRIPTORS_H_

#include <cstddef>
#include <cstdint>

namespace weft {

extern const uint8_t kCompiledDescriptorSet[];
extern const size_t kCompiledDescriptorSetSize;

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ARGS_COMPILED_DESCRIPTORS_H_
