#!/usr/bin/python3
"""Writes python/weft/trace_processor.descriptor: the FileDescriptorSet of
protos/perfetto/trace_processor/trace_processor.proto and of the metrics
(TraceMetrics, protos/perfetto/metrics/), from which the Python package
builds its message classes (it needs no protoc at run time).

  tools/gen_python_descriptor.py          regenerate
  tools/gen_python_descriptor.py --check  exit 1 if the file is stale
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROTOS = ['perfetto/trace_processor/trace_processor.proto',
          'perfetto/metrics/metrics.proto',
          'perfetto/metrics/weft/web_metric.proto']
OUT = os.path.join(ROOT, 'python/weft/trace_processor.descriptor')


def compile_descriptor():
  with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, 'set.pb')
    subprocess.run(['protoc', '--include_imports', '--descriptor_set_out=' + out,
                    '-I', os.path.join(ROOT, 'protos')] + PROTOS, check=True)
    with open(out, 'rb') as f:
      return f.read()


def main():
  data = compile_descriptor()
  if '--check' in sys.argv[1:]:
    with open(OUT, 'rb') as f:
      if f.read() != data:
        print(f'{OUT} is stale: run tools/gen_python_descriptor.py', file=sys.stderr)
        return 1
    return 0
  with open(OUT, 'wb') as f:
    f.write(data)
  return 0


if __name__ == '__main__':
  sys.exit(main())
