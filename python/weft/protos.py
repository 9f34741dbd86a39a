"""Message classes of weft's RPC protocol (perfetto.protos.*), built from
trace_processor.descriptor (tools/gen_python_descriptor.py) with Debian's
python3-protobuf; no generated _pb2 modules."""

import os

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_DESCRIPTOR = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           'trace_processor.descriptor')
_MESSAGES = ('TraceProcessorRpcStream', 'TraceProcessorRpc', 'AppendTraceDataResult',
             'FinalizeDataResult', 'QueryArgs', 'QueryResult', 'StatusResult',
             'ComputeMetricArgs', 'ComputeMetricResult', 'DisableAndReadMetatraceResult',
             'ResetTraceProcessorArgs', 'TraceMetrics')


def _message_class(pool, desc):
  if hasattr(message_factory, 'GetMessageClass'):  # protobuf >= 4.
    return message_factory.GetMessageClass(desc)
  return message_factory.MessageFactory(pool).GetPrototype(desc)


class ProtoFactory:
  """One attribute per message: ProtoFactory().QueryResult(), ..."""

  def __init__(self):
    with open(_DESCRIPTOR, 'rb') as f:
      files = descriptor_pb2.FileDescriptorSet.FromString(f.read())
    pool = descriptor_pool.DescriptorPool()
    for file_proto in files.file:
      pool.Add(file_proto)
    for name in _MESSAGES:
      desc = pool.FindMessageTypeByName('perfetto.protos.' + name)
      setattr(self, name, _message_class(pool, desc))
    # QueryResult.CellsBatch.CellType values by name (nested message classes
    # are not attributes of classes built from a pool).
    cell_type = pool.FindEnumTypeByName('perfetto.protos.QueryResult.CellsBatch.CellType')
    self.CELL_TYPES = {v.name: v.number for v in cell_type.values}


_factory = None


def protos():
  """The shared ProtoFactory (built on first use)."""
  global _factory
  if _factory is None:
    _factory = ProtoFactory()
  return _factory
