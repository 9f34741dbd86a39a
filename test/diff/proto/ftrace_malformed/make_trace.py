#!/usr/bin/env python3
# Writes trace.pb of this diff test: ftrace events with malformed bytes that
# protoc's text format cannot express.
import os
import sys

# The protobuf writer of the benchmark trace generator.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *['..'] * 4, 'tools'))
from gen_proto_trace import f_bytes as ld, f_varint as vi, key  # noqa: E402

def bundle(*events):  # TracePacket.ftrace_events { cpu: 0 event... }
    return ld(1, ld(1, vi(1, 0) + b''.join(ld(2, e) for e in events)))

def event(ts, pid, field, body):  # FtraceEvent timestamp, pid, one event
    return vi(1, ts) + vi(2, pid) + ld(field, body)

SCHED_SWITCH, TASK_RENAME = 4, 236
def switch(prev_pid, prev_comm, next_pid, next_comm):
    return ld(1, prev_comm.encode()) + vi(2, prev_pid) + ld(5, next_comm.encode()) + vi(6, next_pid)
def rename(pid, comm):
    return vi(1, pid) + ld(3, comm.encode())

trace = bundle(
    event(100, 0, SCHED_SWITCH, switch(0, 'idle', 5, 'five')),
    # sched_switch written as a varint: the tokenizer skips the event.
    vi(1, 110) + vi(2, 5) + vi(SCHED_SWITCH, 7),
    # A varint cut short inside the event: skipped.
    vi(1, 120) + key(2, 0) + b'\xff',
    # No timestamp: skipped.
    vi(2, 5) + ld(TASK_RENAME, rename(5, 'no_ts')),
    # A task_rename whose own bytes are not protobuf (wire type 7): the
    # parser drops it.
    event(130, 5, TASK_RENAME, key(3, 7) + b'x'),
    # A field of the wrong wire type inside an event is ignored: no pid, so
    # tid 0, the idle thread, whose name no comm replaces.
    event(135, 5, TASK_RENAME, ld(1, b'5') + ld(3, b'ignored')),
    event(140, 5, TASK_RENAME, rename(5, 'after')))
# An event whose length runs past its bundle: the whole packet is dropped.
trace += ld(1, ld(1, ld(2, event(150, 6, TASK_RENAME, rename(6, 'lost')))[:-3]))
trace += bundle(event(160, 7, TASK_RENAME, rename(7, 'last')))
open(__file__.replace('make_trace.py', 'trace.pb'), 'wb').write(trace)
