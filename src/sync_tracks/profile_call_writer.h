// Writes the profile calls of every V8 CPU profile of a trace as slices on
// their thread's track (category "ProfileCall", name = function name), and
// re-nests that track so trace events and JS frames form one call tree.
// Runs once at the end of the load, after the importers have finished and
// before the store is finalized and laid out.
// Reference: docs/sync_tracks.md
#ifndef SRC_SYNC_TRACKS_PROFILE_CALL_WRITER_H_
#define SRC_SYNC_TRACKS_PROFILE_CALL_WRITER_H_

#include <vector>

#include "src/importers/common/cpu_profile_tracker.h"
#include "src/importers/common/process_tracker.h"
#include "src/importers/common/track_tracker.h"
#include "src/storage/trace_storage.h"

namespace weft {

// A profile belongs to the thread of its Profile head; profiles without a
// head are left out, as in DevTools. One profile per thread is integrated
// (the first one with samples, in profile order), as DevTools shows one.
void WriteProfileCalls(const std::vector<CpuProfile>& profiles, ProcessTracker* processes,
                       TrackTracker* tracks, TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SYNC_TRACKS_PROFILE_CALL_WRITER_H_
