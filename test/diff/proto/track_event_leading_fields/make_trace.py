#!/usr/bin/env python3
# Writes trace.pb of this diff test: TrackEvents whose leading fields the
# tokenizer reads ahead for the parser (type, track_uuid, name_iid,
# category_iids, in the order a tracer writes them, which protoc's text
# format cannot choose), and every way that read stops early.
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *['..'] * 4, 'tools'))
from gen_proto_trace import f_bytes as ld, f_varint as vi, key, varint  # noqa: E402

TYPE, NAME_IID, CAT_IIDS, TRACK, NAME, ANNOTATION = 9, 10, 3, 11, 23, 4
BEGIN, END, INSTANT = 1, 2, 3


def packet(ts, event, extra=b''):  # sequence 1, needs incremental state
    return ld(1, vi(10, 1) + vi(13, 2) + vi(8, ts) + extra + ld(11, event))


interned = ld(12, ld(2, vi(1, 1) + ld(2, b'named')) + ld(2, vi(1, 2) + ld(2, b'other')) +
              ld(1, vi(1, 1) + ld(2, b'cat_a')) + ld(1, vi(1, 2) + ld(2, b'cat_b')) +
              ld(1, vi(1, 3) + ld(2, b'cat_c')))
descriptor = ld(60, vi(1, 7) + ld(4, vi(1, 5) + vi(2, 6) + ld(5, b'worker')))
trace = ld(1, vi(10, 1) + vi(41, 1) + vi(8, 0) + descriptor)
trace += ld(1, vi(10, 1) + vi(13, 2) + vi(8, 0) + interned)
# All four leading fields, then an annotation.
trace += packet(100, vi(TYPE, BEGIN) + vi(TRACK, 7) + vi(NAME_IID, 1) + vi(CAT_IIDS, 1) +
                ld(ANNOTATION, ld(10, b'k') + vi(4, 5)))
# Three categories: the read ahead takes the first, the parser the others.
trace += packet(200, vi(TYPE, INSTANT) + vi(TRACK, 7) + vi(CAT_IIDS, 1) + vi(CAT_IIDS, 2) +
                vi(CAT_IIDS, 3) + vi(NAME_IID, 2))
# An unknown name iid stops the read ahead (the parser counts it).
trace += packet(300, vi(TYPE, INSTANT) + vi(TRACK, 7) + vi(NAME_IID, 99) + vi(CAT_IIDS, 2))
# A name string after an interned one wins; a second type overrides.
trace += packet(400, vi(TYPE, END) + vi(TRACK, 7) + vi(NAME_IID, 2) + ld(NAME, b'string name') +
                vi(TYPE, INSTANT))
# type as a length-delimited field: not read ahead, the parser skips it.
trace += packet(500, key(TYPE, 2) + varint(1) + b'x' + vi(TRACK, 7) + vi(TYPE, INSTANT) +
                vi(NAME_IID, 1))
# Nothing but the leading fields.
trace += packet(600, vi(TYPE, END) + vi(TRACK, 7))
open(__file__.replace('make_trace.py', 'trace.pb'), 'wb').write(trace)
