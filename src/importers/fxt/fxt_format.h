// Constants of the Fuchsia trace format (FXT): record, event, argument and
// kernel object types, and the bit-field helper every reader uses. Layouts
// follow fuchsia.dev/fuchsia-src/reference/tracing/trace-format.
#ifndef SRC_IMPORTERS_FXT_FXT_FORMAT_H_
#define SRC_IMPORTERS_FXT_FXT_FORMAT_H_

#include <cstdint>
#include <climits>

namespace weft {
namespace fxt {

// Bits [lo .. hi] (inclusive) of |word|.
constexpr uint64_t Bits(uint64_t word, unsigned lo, unsigned hi) {
  return hi - lo >= 63 ? word >> lo : (word >> lo) & ((uint64_t{1} << (hi - lo + 1)) - 1);
}

// Record types (header bits 0-3).
constexpr uint32_t kMetadata = 0;
constexpr uint32_t kInitialization = 1;
constexpr uint32_t kString = 2;
constexpr uint32_t kThread = 3;
constexpr uint32_t kEvent = 4;
constexpr uint32_t kBlob = 5;
constexpr uint32_t kUserspaceObject = 6;
constexpr uint32_t kKernelObject = 7;
constexpr uint32_t kScheduling = 8;
constexpr uint32_t kLog = 9;
constexpr uint32_t kLargeRecord = 15;  // Size in bits 4-35 instead of 4-15.

// Metadata types (bits 16-19 of a metadata record).
constexpr uint32_t kProviderInfo = 1;
constexpr uint32_t kProviderSection = 2;
constexpr uint32_t kProviderEvent = 3;
constexpr uint32_t kTraceInfo = 4;

// Event types (bits 16-19 of an event record).
constexpr uint32_t kInstant = 0;
constexpr uint32_t kCounter = 1;
constexpr uint32_t kDurationBegin = 2;
constexpr uint32_t kDurationEnd = 3;
constexpr uint32_t kDurationComplete = 4;
constexpr uint32_t kAsyncBegin = 5;
constexpr uint32_t kAsyncInstant = 6;
constexpr uint32_t kAsyncEnd = 7;
constexpr uint32_t kFlowBegin = 8;
constexpr uint32_t kFlowStep = 9;
constexpr uint32_t kFlowEnd = 10;

// Argument types (bits 0-3 of an argument header).
constexpr uint32_t kArgNull = 0;
constexpr uint32_t kArgInt32 = 1;
constexpr uint32_t kArgUint32 = 2;
constexpr uint32_t kArgInt64 = 3;
constexpr uint32_t kArgUint64 = 4;
constexpr uint32_t kArgDouble = 5;
constexpr uint32_t kArgString = 6;
constexpr uint32_t kArgPointer = 7;
constexpr uint32_t kArgKoid = 8;
constexpr uint32_t kArgBool = 9;

// Scheduling record types (bits 60-63 of a scheduling record).
constexpr uint32_t kLegacyContextSwitch = 0;
constexpr uint32_t kContextSwitch = 1;
constexpr uint32_t kThreadWakeup = 2;

// Zircon thread states (ZX_THREAD_STATE_*) of a context switch's outgoing
// thread.
constexpr uint32_t kThreadNew = 0;
constexpr uint32_t kThreadRunning = 1;
constexpr uint32_t kThreadSuspended = 2;
constexpr uint32_t kThreadBlocked = 3;
constexpr uint32_t kThreadDying = 4;
constexpr uint32_t kThreadDead = 5;

// The weight argument value that marks a scheduling record's thread as the
// CPU's idle thread (current layouts; legacy ones use pid 0 and priority 0).
constexpr int32_t kIdleWeight = INT32_MIN;

// Blob types (bits 48-55 of a blob record).
constexpr uint32_t kBlobPerfetto = 3;

// Large record types (bits 36-39) and large blob formats (bits 40-43).
constexpr uint32_t kLargeBlob = 0;
constexpr uint32_t kLargeBlobWithMetadata = 0;
constexpr uint32_t kLargeBlobNoMetadata = 1;

// Provider event ids (bits 52-55 of a provider event metadata record).
constexpr uint32_t kProviderBufferOverflow = 0;

// Zircon object types of kernel object records.
constexpr uint32_t kObjProcess = 1;
constexpr uint32_t kObjThread = 2;

// A string ref with bit 15 set is an inline string of (ref & 0x7fff) bytes.
constexpr uint32_t kInlineStringFlag = 0x8000;

// The magic number record, as its first eight bytes (little endian).
constexpr uint64_t kMagicRecord = 0x0016547846040010ULL;

// Without an initialization record one tick is one nanosecond.
constexpr uint64_t kDefaultTicksPerSecond = 1000000000;

}  // namespace fxt
}  // namespace weft

#endif  // SRC_IMPORTERS_FXT_FXT_FORMAT_H_
