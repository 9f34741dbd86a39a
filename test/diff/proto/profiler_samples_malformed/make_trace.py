#!/usr/bin/env python3
"""Writes trace.pb of this case: sampling-profiler packets protobuf text
cannot get wrong (rerun after editing).

  test/diff/proto/profiler_samples_malformed/make_trace.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', '..', '..', 'tools'))
from gen_proto_trace import f_bytes, f_varint, packet  # noqa: E402

TS, SEQ_ID, CLEARED = 8, 10, 41
PERF_SAMPLE, STACK_SAMPLE = 66, 135
CALLSTACK = 5  # StackSample.callstack (InlineCallstack).
FRAMES, FUNCTION_NAME = 1, 1  # InlineCallstack.frames, .Frame.function_name


def sample_packet(ts, field, body, cleared=False):
  head = f_varint(SEQ_ID, 1) + f_varint(TS, ts)
  if cleared:
    head += f_varint(CLEARED, 1)
  return packet(head + f_bytes(field, body))


def main():
  good_stack = f_bytes(CALLSTACK, f_bytes(FRAMES, f_bytes(FUNCTION_NAME, 'ok')))
  trace = b''.join([
      # A PerfSample cut inside its first field (a key without its varint).
      sample_packet(1000, PERF_SAMPLE, b'\x08', cleared=True),
      # A StackSample whose inline frame claims 5 bytes and has 1.
      sample_packet(2000, STACK_SAMPLE, f_bytes(CALLSTACK, b'\x0a\x05\x0a')),
      sample_packet(3000, STACK_SAMPLE, good_stack),
  ])
  with open(os.path.join(HERE, 'trace.pb'), 'wb') as f:
    f.write(trace)


if __name__ == '__main__':
  main()
