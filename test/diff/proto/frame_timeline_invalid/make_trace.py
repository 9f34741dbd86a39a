#!/usr/bin/env python3
# Writes trace.pb of this diff test: FrameTimeline events with values
# protoc's text format cannot express (enum values out of range, fields of
# the wrong wire type).
import os
import sys

# The protobuf writer of the benchmark trace generator.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *['..'] * 4, 'tools'))
from gen_proto_trace import f_bytes as ld, f_varint as vi  # noqa: E402

TIMESTAMP, FRAME_TIMELINE_EVENT = 8, 76  # TracePacket
EXPECTED_DISPLAY, ACTUAL_DISPLAY, ACTUAL_SURFACE, FRAME_END = 1, 2, 4, 5  # FrameTimelineEvent

def packet(ts, event):  # TracePacket { timestamp, frame_timeline_event }
    return ld(1, vi(TIMESTAMP, ts) + ld(FRAME_TIMELINE_EVENT, event))

def actual_display(cookie, token, pid, present, jank, prediction, severity):
    return ld(ACTUAL_DISPLAY, vi(1, cookie) + vi(2, token) + vi(3, pid) + vi(4, present) +
              vi(7, jank) + vi(8, prediction) + vi(9, severity))

trace = b''.join([
    # Present type 9, prediction type 7, jank severity 5: three errors; the
    # frame reads unspecified / unknown. Jank bits 2048 name no reason.
    packet(100, actual_display(1, 10, 1000, 9, 2048, 7, 5)),
    # JANK_SF_STUFFING alone, severity FULL, then JANK_DROPPED alone.
    packet(110, actual_display(2, 11, 1000, 1, 512, 1, 3)),
    packet(120, actual_display(3, 12, 1000, 4, 1024, 2, 2)),
    # Actual surface frame: buffer stuffing, dropped (present 4), is_buffer
    # false; another only dropped.
    packet(130, ld(ACTUAL_SURFACE, vi(1, 4) + vi(2, 20) + vi(3, 12) + vi(4, 2000) +
                   vi(6, 4) + vi(9, 128) + vi(11, 0))),
    packet(140, ld(ACTUAL_SURFACE, vi(1, 5) + vi(2, 21) + vi(3, 12) + vi(4, 2000) + vi(6, 4))),
    # A cookie sent as bytes counts as missing: an error, no slice.
    packet(150, ld(EXPECTED_DISPLAY, ld(1, b'\x01') + vi(2, 13) + vi(3, 1000))),
    # The start message as a varint: no event in it, an error.
    packet(160, vi(EXPECTED_DISPLAY, 3)),
    # A FrameEnd without cookie: an error.
    packet(170, ld(FRAME_END, b'')),
    packet(180, ld(FRAME_END, vi(1, 2))),
])
open(__file__.replace('make_trace.py', 'trace.pb'), 'wb').write(trace)
