// TraceImporter: what every format offers the TraceProcessor — chunks in,
// end of file, then everything is in storage.
#ifndef SRC_IMPORTERS_COMMON_TRACE_IMPORTER_H_
#define SRC_IMPORTERS_COMMON_TRACE_IMPORTER_H_

#include <cstddef>

#include "src/base/status.h"

namespace weft {

class TraceImporter {
 public:
  virtual ~TraceImporter();
  virtual Status Parse(const char* data, size_t size) = 0;
  virtual Status NotifyEndOfFile() = 0;
  // Returns once no other thread writes the storage (the protobuf parser
  // thread parses what it was handed), for reads before the end of file.
  virtual void WaitForParser() {}
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_TRACE_IMPORTER_H_
