#!/usr/bin/env python3
# Writes trace.pb of this diff test: power and battery packets with malformed
# bytes that protoc's text format cannot express.
import os
import sys

# The protobuf writer of the benchmark trace generator.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *['..'] * 4, 'tools'))
from gen_proto_trace import f_bytes as ld, f_varint as vi, key  # noqa: E402

# TracePacket fields (upstream numbers).
TIMESTAMP, BATTERY, POWER_RAILS, ENERGY_BREAKDOWN, SYSTEM_PROPERTY, ENTITY_RESIDENCY = (
    8, 38, 40, 77, 86, 91)

def packet(ts, field, body):
    return ld(1, vi(TIMESTAMP, ts) + ld(field, body))

rail = ld(1, vi(1, 0) + ld(2, b'RAIL'))  # rail_descriptor { index: 0 rail_name: "RAIL" }
trace = b''.join([
    packet(1000, POWER_RAILS, rail),
    # A battery sample whose varint is cut short: the packet is dropped.
    packet(1100, BATTERY, vi(1, 5) + key(3, 0) + b'\xff'),
    # A battery field of the wrong wire type is ignored: only the capacity.
    packet(1200, BATTERY, ld(1, b'x') + key(2, 5) + b'\x00\x00\xc8\x42'),
    # A rail sample whose length runs past its message: the packet is dropped
    # (the tokenizer reads power rails).
    packet(1300, POWER_RAILS, ld(2, vi(1, 0) + vi(3, 7))[:-1]),
    # A uid breakdown that is not protobuf (wire type 7): counted; the
    # consumer's own value, read before it, stays.
    packet(1400, ENERGY_BREAKDOWN, ld(1, ld(1, vi(1, 0) + ld(4, b'C'))) + vi(2, 0) + vi(3, 9) +
           ld(4, key(1, 7) + b'x')),
    # A system property value that is not protobuf.
    packet(1500, SYSTEM_PROPERTY, ld(1, key(1, 7))),
    # A residency cut short.
    packet(1600, ENTITY_RESIDENCY, ld(2, vi(1, 0))[:-1]),
    # Still read after all that.
    packet(2000, POWER_RAILS, ld(2, vi(1, 0) + vi(3, 42))),
])
open(__file__.replace('make_trace.py', 'trace.pb'), 'wb').write(trace)
