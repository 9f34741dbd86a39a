#!/usr/bin/env python3
# Writes trace.pb of this diff test: kernel events of kinds weft does not
# import (which protoc's text format cannot name) still widen trace_bounds.
import os
import sys

# The protobuf writer of the benchmark trace generator.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *['..'] * 4, 'tools'))
from gen_proto_trace import f_bytes as ld, f_varint as vi  # noqa: E402

def bundle(*events):  # TracePacket.ftrace_events { cpu: 0 event... }
    return ld(1, ld(1, vi(1, 0) + b''.join(ld(2, e) for e in events)))

def event(ts, pid, field, body):  # FtraceEvent timestamp, pid, one event
    return vi(1, ts) + vi(2, pid) + ld(field, body)

TASK_RENAME, NOT_IMPORTED = 236, 11
trace = bundle(
    event(50, 5, NOT_IMPORTED, vi(1, 1)),       # First event: not imported.
    event(100, 5, TASK_RENAME, vi(1, 5) + ld(3, b'renamed')),
    event(700, 5, NOT_IMPORTED, vi(1, 2)))      # Last event: not imported.
open(__file__.replace('make_trace.py', 'trace.pb'), 'wb').write(trace)
