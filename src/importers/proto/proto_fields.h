// Field numbers of the Perfetto trace protos weft reads, one namespace per
// message, mirroring protos/perfetto/trace/**.proto. Hand-written for now:
// a generator that derives this header from the .proto files at build time
// is a later task (issue 3); until then keep both in sync by hand.
#ifndef SRC_IMPORTERS_PROTO_PROTO_FIELDS_H_
#define SRC_IMPORTERS_PROTO_PROTO_FIELDS_H_

#include <cstdint>

namespace weft {
namespace pb {

namespace trace {
constexpr uint32_t kPacket = 1;
}

namespace trace_packet {
constexpr uint32_t kClockSnapshot = 6;
constexpr uint32_t kTimestamp = 8;
constexpr uint32_t kTrustedPacketSequenceId = 10;
constexpr uint32_t kTrackEvent = 11;
constexpr uint32_t kInternedData = 12;
constexpr uint32_t kSequenceFlags = 13;
constexpr uint32_t kIncrementalStateCleared = 41;
constexpr uint32_t kPreviousPacketDropped = 42;
constexpr uint32_t kProcessDescriptor = 43;
constexpr uint32_t kThreadDescriptor = 44;
constexpr uint32_t kTimestampClockId = 58;
constexpr uint32_t kTracePacketDefaults = 59;
constexpr uint32_t kTrackDescriptor = 60;
constexpr uint32_t kExtensionDescriptor = 72;
constexpr uint32_t kFirstPacketOnSequence = 87;
// SequenceFlags.
constexpr uint32_t kSeqIncrementalStateCleared = 1;
constexpr uint32_t kSeqNeedsIncrementalState = 2;
}  // namespace trace_packet

namespace trace_packet_defaults {
constexpr uint32_t kTrackEventDefaults = 11;
constexpr uint32_t kTimestampClockId = 58;
}

namespace track_event_defaults {
constexpr uint32_t kTrackUuid = 11;
constexpr uint32_t kExtraCounterTrackUuids = 31;
constexpr uint32_t kExtraDoubleCounterTrackUuids = 45;
}

namespace builtin_clock {
constexpr uint32_t kBoottime = 6;
}

namespace interned_data {
constexpr uint32_t kEventCategories = 1;
constexpr uint32_t kEventNames = 2;
constexpr uint32_t kDebugAnnotationNames = 3;
constexpr uint32_t kSourceLocations = 4;
constexpr uint32_t kLogMessageBody = 20;
constexpr uint32_t kHistogramNames = 25;
constexpr uint32_t kDebugAnnotationStringValues = 29;
}

// EventCategory, EventName, DebugAnnotationName and InternedString share
// this shape.
namespace interned_entry {
constexpr uint32_t kIid = 1;
constexpr uint32_t kName = 2;
}

namespace track_descriptor {
constexpr uint32_t kUuid = 1;
constexpr uint32_t kName = 2;
constexpr uint32_t kProcess = 3;
constexpr uint32_t kThread = 4;
constexpr uint32_t kParentUuid = 5;
constexpr uint32_t kCounter = 8;
constexpr uint32_t kChromeProcess = 6;
constexpr uint32_t kDisallowMergingWithSystemTracks = 9;
constexpr uint32_t kStaticName = 10;
constexpr uint32_t kChildOrdering = 11;
constexpr uint32_t kSiblingOrderRank = 12;
constexpr uint32_t kAtraceName = 13;
constexpr uint32_t kDescription = 14;
constexpr uint32_t kSiblingMergeBehavior = 15;
constexpr uint32_t kSiblingMergeKey = 16;
// Fields 19 and 20 of the default track's (uuid 0) descriptor turn the
// sibling_order_rank of process / thread tracks into sort index hints; our
// protos do not name them (upstream's names are not known here).
constexpr uint32_t kProcessRankAsSortIndex = 19;
constexpr uint32_t kThreadRankAsSortIndex = 20;
// ChildTracksOrdering.
constexpr uint32_t kOrderingLexicographic = 1;
constexpr uint32_t kOrderingChronological = 2;
constexpr uint32_t kOrderingExplicit = 3;
// SiblingMergeBehavior.
constexpr uint32_t kMergeNone = 2;
}  // namespace track_descriptor

namespace chrome_process_descriptor {
constexpr uint32_t kHostAppPackageName = 4;
}

namespace process_descriptor {
constexpr uint32_t kPid = 1;
constexpr uint32_t kCmdline = 2;
constexpr uint32_t kProcessName = 6;
}

namespace thread_descriptor {
constexpr uint32_t kPid = 1;
constexpr uint32_t kTid = 2;
constexpr uint32_t kThreadName = 5;
constexpr uint32_t kReferenceTimestampUs = 6;
constexpr uint32_t kReferenceThreadTimeUs = 7;
constexpr uint32_t kReferenceThreadInstructionCount = 8;
}

namespace counter_descriptor {
constexpr uint32_t kType = 1;
constexpr uint32_t kCategories = 2;
constexpr uint32_t kUnit = 3;
constexpr uint32_t kUnitMultiplier = 4;
constexpr uint32_t kIsIncremental = 5;
constexpr uint32_t kUnitName = 6;
// BuiltinCounterType.
constexpr uint32_t kThreadTimeNs = 1;
constexpr uint32_t kThreadInstructionCount = 2;
// Unit.
constexpr uint32_t kUnitTimeNs = 1;
constexpr uint32_t kUnitCount = 2;
constexpr uint32_t kUnitSizeBytes = 3;
}  // namespace counter_descriptor

namespace track_event {
constexpr uint32_t kTimestampDeltaUs = 1;
constexpr uint32_t kThreadTimeDeltaUs = 2;
constexpr uint32_t kCategoryIids = 3;
constexpr uint32_t kThreadInstructionCountDelta = 8;
constexpr uint32_t kExtraCounterValues = 12;
constexpr uint32_t kTimestampAbsoluteUs = 16;
constexpr uint32_t kThreadTimeAbsoluteUs = 17;
constexpr uint32_t kThreadInstructionCountAbsolute = 20;
constexpr uint32_t kExtraCounterTrackUuids = 31;
constexpr uint32_t kExtraDoubleCounterTrackUuids = 45;
constexpr uint32_t kExtraDoubleCounterValues = 46;
constexpr uint32_t kDebugAnnotations = 4;
constexpr uint32_t kLegacyEvent = 6;
constexpr uint32_t kType = 9;
constexpr uint32_t kNameIid = 10;
constexpr uint32_t kTrackUuid = 11;
constexpr uint32_t kCategories = 22;
constexpr uint32_t kName = 23;
constexpr uint32_t kCounterValue = 30;
constexpr uint32_t kFlowIdsOld = 36;
constexpr uint32_t kTerminatingFlowIdsOld = 42;
constexpr uint32_t kDoubleCounterValue = 44;
constexpr uint32_t kFlowIds = 47;
constexpr uint32_t kTerminatingFlowIds = 48;
constexpr uint32_t kTaskExecution = 5;
constexpr uint32_t kLogMessage = 21;
constexpr uint32_t kChromeHistogramSample = 28;
constexpr uint32_t kSourceLocation = 33;
constexpr uint32_t kSourceLocationIid = 34;
// Type.
constexpr uint32_t kTypeUnspecified = 0;
constexpr uint32_t kTypeSliceBegin = 1;
constexpr uint32_t kTypeSliceEnd = 2;
constexpr uint32_t kTypeInstant = 3;
constexpr uint32_t kTypeCounter = 4;
}  // namespace track_event

namespace legacy_event {
constexpr uint32_t kNameIid = 1;
constexpr uint32_t kPhase = 2;
constexpr uint32_t kDurationUs = 3;
constexpr uint32_t kThreadDurationUs = 4;
constexpr uint32_t kUnscopedId = 6;
constexpr uint32_t kIdScope = 7;
constexpr uint32_t kBindId = 8;
constexpr uint32_t kLocalId = 10;
constexpr uint32_t kGlobalId = 11;
constexpr uint32_t kBindToEnclosing = 12;
constexpr uint32_t kFlowDirection = 13;
constexpr uint32_t kInstantEventScope = 14;
constexpr uint32_t kPidOverride = 18;
constexpr uint32_t kTidOverride = 19;
// FlowDirection.
constexpr uint32_t kFlowIn = 1;
constexpr uint32_t kFlowOut = 2;
constexpr uint32_t kFlowInOut = 3;
// InstantEventScope.
constexpr uint32_t kScopeGlobal = 1;
constexpr uint32_t kScopeProcess = 2;
}  // namespace legacy_event

namespace debug_annotation {
constexpr uint32_t kNameIid = 1;
constexpr uint32_t kBoolValue = 2;
constexpr uint32_t kUintValue = 3;
constexpr uint32_t kIntValue = 4;
constexpr uint32_t kDoubleValue = 5;
constexpr uint32_t kStringValue = 6;
constexpr uint32_t kPointerValue = 7;
constexpr uint32_t kNestedValue = 8;
constexpr uint32_t kLegacyJsonValue = 9;
constexpr uint32_t kName = 10;
constexpr uint32_t kDictEntries = 11;
constexpr uint32_t kArrayValues = 12;
constexpr uint32_t kStringValueIid = 17;
}  // namespace debug_annotation

namespace nested_value {
constexpr uint32_t kNestedType = 1;
constexpr uint32_t kDictKeys = 2;
constexpr uint32_t kDictValues = 3;
constexpr uint32_t kArrayValues = 4;
constexpr uint32_t kIntValue = 5;
constexpr uint32_t kDoubleValue = 6;
constexpr uint32_t kBoolValue = 7;
constexpr uint32_t kStringValue = 8;
// NestedType.
constexpr uint32_t kDict = 1;
constexpr uint32_t kArray = 2;
}  // namespace nested_value

namespace source_location {
constexpr uint32_t kIid = 1;
constexpr uint32_t kFileName = 2;
constexpr uint32_t kFunctionName = 3;
constexpr uint32_t kLineNumber = 4;
}

namespace task_execution {
constexpr uint32_t kPostedFromIid = 1;
}

namespace log_message {
constexpr uint32_t kSourceLocationIid = 1;
constexpr uint32_t kBodyIid = 2;
}

namespace chrome_histogram_sample {
constexpr uint32_t kNameHash = 1;
constexpr uint32_t kName = 2;
constexpr uint32_t kSample = 3;
constexpr uint32_t kNameIid = 4;
}

namespace extension_descriptor {
constexpr uint32_t kExtensionSet = 1;
}

// google.protobuf descriptors (protos/perfetto/common/descriptor.proto).
namespace file_descriptor_set {
constexpr uint32_t kFile = 1;
}

namespace file_descriptor_proto {
constexpr uint32_t kName = 1;
constexpr uint32_t kPackage = 2;
constexpr uint32_t kMessageType = 4;
constexpr uint32_t kEnumType = 5;
constexpr uint32_t kExtension = 7;
}

namespace descriptor_proto {
constexpr uint32_t kName = 1;
constexpr uint32_t kField = 2;
constexpr uint32_t kNestedType = 3;
constexpr uint32_t kEnumType = 4;
constexpr uint32_t kExtension = 6;
}

namespace field_descriptor_proto {
constexpr uint32_t kName = 1;
constexpr uint32_t kExtendee = 2;
constexpr uint32_t kNumber = 3;
constexpr uint32_t kLabel = 4;
constexpr uint32_t kType = 5;
constexpr uint32_t kTypeName = 6;
// Type.
constexpr uint32_t kTypeDouble = 1;
constexpr uint32_t kTypeFloat = 2;
constexpr uint32_t kTypeInt64 = 3;
constexpr uint32_t kTypeUint64 = 4;
constexpr uint32_t kTypeInt32 = 5;
constexpr uint32_t kTypeFixed64 = 6;
constexpr uint32_t kTypeFixed32 = 7;
constexpr uint32_t kTypeBool = 8;
constexpr uint32_t kTypeString = 9;
constexpr uint32_t kTypeGroup = 10;
constexpr uint32_t kTypeMessage = 11;
constexpr uint32_t kTypeBytes = 12;
constexpr uint32_t kTypeUint32 = 13;
constexpr uint32_t kTypeEnum = 14;
constexpr uint32_t kTypeSfixed32 = 15;
constexpr uint32_t kTypeSfixed64 = 16;
constexpr uint32_t kTypeSint32 = 17;
constexpr uint32_t kTypeSint64 = 18;
// Label.
constexpr uint32_t kLabelRepeated = 3;
}  // namespace field_descriptor_proto

namespace enum_descriptor_proto {
constexpr uint32_t kName = 1;
constexpr uint32_t kValue = 2;
}

namespace enum_value_descriptor_proto {
constexpr uint32_t kName = 1;
constexpr uint32_t kNumber = 2;
}

}  // namespace pb
}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_FIELDS_H_
