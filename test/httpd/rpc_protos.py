"""Python message classes of protos/perfetto/trace_processor/trace_processor.proto.

Compiled with protoc (Debian's protobuf-compiler) at test time, so the tests
decode the server's bytes against the repository's .proto, not a copy.
"""

import os
import subprocess
import tempfile

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROTO = 'perfetto/trace_processor/trace_processor.proto'


def _message_class(pool, name):
  desc = pool.FindMessageTypeByName('perfetto.protos.' + name)
  if hasattr(message_factory, 'GetMessageClass'):  # protobuf >= 4.
    return message_factory.GetMessageClass(desc)
  return message_factory.MessageFactory(pool).GetPrototype(desc)


def load():
  """Returns an object with one attribute per message (QueryResult, ...)."""
  with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, 'set.pb')
    subprocess.run(['protoc', '--include_imports', '--descriptor_set_out=' + out,
                    '-I', os.path.join(ROOT, 'protos'), PROTO], check=True)
    with open(out, 'rb') as f:
      fds = descriptor_pb2.FileDescriptorSet.FromString(f.read())
  pool = descriptor_pool.DescriptorPool()
  for file_proto in fds.file:
    pool.Add(file_proto)

  class Protos:
    pass

  protos = Protos()
  for name in ('TraceProcessorRpcStream', 'TraceProcessorRpc', 'AppendTraceDataResult',
               'FinalizeDataResult', 'QueryArgs', 'QueryResult', 'StatusResult',
               'ComputeMetricArgs', 'ComputeMetricResult', 'DisableAndReadMetatraceResult',
               'ResetTraceProcessorArgs'):
    setattr(protos, name, _message_class(pool, name))
  cell_type = pool.FindEnumTypeByName('perfetto.protos.QueryResult.CellsBatch.CellType')
  protos.CELL_TYPES = {v.name: v.number for v in cell_type.values}
  return protos
