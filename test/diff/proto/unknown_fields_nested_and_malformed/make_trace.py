#!/usr/bin/env python3
# Writes trace.pb of this diff test (hand-made bytes that protoc's text format
# cannot express: unknown fields inside known messages, malformed fields).
import os
import sys

# The protobuf writer of the benchmark trace generator.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *['..'] * 4, 'tools'))
from gen_proto_trace import f_bytes as ld, f_varint as vi, key, varint  # noqa: E402

def packet(ts, event):  # trusted_packet_sequence_id, timestamp, track_event
    return ld(1, vi(10, 1) + vi(8, ts) + ld(11, event))

def instant(name, extra=b''):  # TrackEvent type TYPE_INSTANT, name
    return vi(9, 3) + ld(23, name.encode()) + extra

trace = packet(1000, instant('before'))
# Unknown field 15 inside the compiled-in ChromeUserEvent (field 25).
trace += packet(2000, instant('nested', ld(25, ld(1, b'Click') + vi(15, 42))))
# Unknown field 9999 whose length runs past the TrackEvent's end.
trace += packet(3000, instant('overrun') + key(9999, 2) + varint(100) + b'ab')
# Unknown field 9998 with the group wire types (3, 4).
trace += packet(4000, instant('group') + key(9998, 3) + key(9998, 4))
trace += packet(5000, instant('after'))
open(__file__.replace('make_trace.py', 'trace.pb'), 'wb').write(trace)
