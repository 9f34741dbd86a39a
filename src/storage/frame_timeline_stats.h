// Stats of the Android FrameTimeline importer, in the
// X(name, severity, source, description) form of WEFT_STATS, which includes
// them. Reference: docs/formats/protobuf.md (FrameTimeline).
#ifndef SRC_STORAGE_FRAME_TIMELINE_STATS_H_
#define SRC_STORAGE_FRAME_TIMELINE_STATS_H_

#define WEFT_FRAME_TIMELINE_STATS(X)                                         \
  X(frame_timeline_event_parser_errors, kInfo, kAnalysis,                    \
    "A FrameTimelineEvent was invalid: a start without its cookie, token, "  \
    "display frame token or pid (dropped), a negative or absurd timestamp "  \
    "(dropped), no event in it (dropped), or an out-of-range present, "      \
    "prediction or jank severity type (read as unspecified / unknown).")     \
  X(frame_timeline_unpaired_end_event, kInfo, kAnalysis,                     \
    "A FrameTimeline FrameEnd named a cookie no open frame slice had (its "  \
    "start was lost, invalid or a repeated expected surface frame); it was " \
    "dropped.")

#endif  // SRC_STORAGE_FRAME_TIMELINE_STATS_H_
