// Out-of-line destructor anchors TraceImporter's vtable here.
#include "src/importers/common/trace_importer.h"

namespace weft {
TraceImporter::~TraceImporter() = default;
}  // namespace weft
