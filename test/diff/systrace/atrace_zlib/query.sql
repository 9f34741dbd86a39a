-- atrace -z: TRACE: then a zlib stream (bytes after its end ignored).
SELECT ts, dur, name FROM slice;
