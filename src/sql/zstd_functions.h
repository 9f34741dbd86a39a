// __intrinsic_zstd_compress(blob_or_text): a zstd frame holding the bytes
// (NULL stays NULL), as Perfetto's function of that name. weft links no
// zstd library: the frame stores the bytes in raw blocks, which every zstd
// decoder reads (RFC 8878: single-segment frame, 8-byte content size, raw
// blocks of at most 128 KiB, no checksum).
#ifndef SRC_SQL_ZSTD_FUNCTIONS_H_
#define SRC_SQL_ZSTD_FUNCTIONS_H_

#include <sqlite3.h>

#include <string>
#include <string_view>

#include "src/base/status.h"

namespace weft {

// The zstd frame of |data| (raw blocks).
std::string ZstdStoredFrame(std::string_view data);

Status RegisterZstdFunctions(sqlite3* db);

}  // namespace weft

#endif  // SRC_SQL_ZSTD_FUNCTIONS_H_
