#!/usr/bin/env python3
# Writes trace.pb of this diff test: ftrace bundles with malformed bytes
# that protoc's text format cannot express.
import os
import sys

# The protobuf writer of the benchmark trace generator.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *['..'] * 4, 'tools'))
from gen_proto_trace import f_bytes as ld, f_varint as vi, key, varint  # noqa: E402

def bundle(*events):  # TracePacket.ftrace_events { cpu: 0 event... }
    return ld(1, ld(1, vi(1, 0) + b''.join(ld(2, e) for e in events)))

def print_event(ts, pid, print_bytes):  # FtraceEvent timestamp, pid, print
    return vi(1, ts) + vi(2, pid) + ld(3, print_bytes)

good = lambda ts, text: print_event(ts, 5, ld(2, text.encode()))
trace = bundle(good(1000, 'B|5|kept'), good(1100, 'E|5'))
# A print whose inner field has wire type 7: that event is dropped.
trace += bundle(print_event(2000, 5, key(2, 7) + b'x'), good(2100, 'B|5|after_bad_print'),
                good(2200, 'E|5'))
# An event whose length runs past the bundle: the whole packet is dropped.
trace += ld(1, ld(1, ld(2, good(3000, 'B|5|lost'))[:-3]))
trace += bundle(good(4000, 'I|5|last'))
open(__file__.replace('make_trace.py', 'trace.pb'), 'wb').write(trace)
