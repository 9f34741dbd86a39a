"""TraceProcessor: loads a trace into a `weft --httpd` server (started here,
or an existing one at addr) and queries it, with the API of Perfetto's
perfetto.trace_processor.TraceProcessor."""

import os
from dataclasses import dataclass, field
from typing import List, Optional

from weft.http import TraceProcessorHttp
from weft.protos import protos
from weft.shell import WeftProcess, find_weft

# /parse bodies; below the server's 64 MiB default cap.
PARSE_CHUNK_BYTES = 32 << 20


class TraceProcessorException(Exception):
  """An error reported by weft (SQL, trace loading, metrics)."""


@dataclass
class TraceProcessorConfig:
  bin_path: Optional[str] = None  # Default: out/host/weft of this checkout.
  load_timeout: float = 10  # Seconds for the server to start listening.
  extra_flags: List[str] = field(default_factory=list)
  verbose: bool = False  # Print the server's log when it stops.
  # Accepted for compatibility with Perfetto's client.
  unique_port: bool = True
  ingest_ftrace_in_raw: bool = False
  enable_dev_features: bool = False


class Row:
  """One result row: a column's value is an attribute (row.name)."""

  def __init__(self, names, values):
    self.__dict__.update(zip(names, values))

  def __repr__(self):
    return 'Row(%s)' % ', '.join('%s=%r' % kv for kv in self.__dict__.items())

  def __eq__(self, other):
    return isinstance(other, Row) and self.__dict__ == other.__dict__


def _cells(result):
  """Every cell of a QueryResult's batches, in order (row by row)."""
  types = protos().CELL_TYPES
  for batch in result.batch:
    sources = {types['CELL_VARINT']: iter(batch.varint_cells),
               types['CELL_FLOAT64']: iter(batch.float64_cells),
               types['CELL_STRING']: iter(batch.string_cells.split('\0')),
               types['CELL_BLOB']: iter(batch.blob_cells)}
    for cell in batch.cells:
      source = sources.get(cell)  # CELL_NULL (and CELL_INVALID) have no payload.
      yield next(source) if source else None


class QueryResultIterator:
  """Iterates over Row objects; as_pandas_dataframe() for a DataFrame."""

  def __init__(self, column_names, cells):
    self.column_names = list(column_names)
    cells = list(cells)
    n = len(self.column_names)
    self._rows = [cells[i:i + n] for i in range(0, len(cells), n)] if n else []

  def __iter__(self):
    return (Row(self.column_names, values) for values in self._rows)

  def __len__(self):
    return len(self._rows)

  def row_values(self):
    """The rows as lists of values, in column order."""
    return [list(r) for r in self._rows]

  def as_pandas_dataframe(self):
    try:
      import pandas
    except ImportError as e:
      raise ImportError('as_pandas_dataframe() needs pandas (Debian: python3-pandas)') from e
    return pandas.DataFrame(self._rows, columns=self.column_names)


def _chunks(trace):
  """The bytes of |trace|: a path, bytes, a binary file object or an
  iterable of bytes."""
  if isinstance(trace, (str, os.PathLike)):
    with open(trace, 'rb') as f:
      yield from _chunks(f)
  elif isinstance(trace, (bytes, bytearray, memoryview)):
    data = memoryview(trace)
    for i in range(0, len(data), PARSE_CHUNK_BYTES):
      yield bytes(data[i:i + PARSE_CHUNK_BYTES])
  elif hasattr(trace, 'read'):
    while True:
      chunk = trace.read(PARSE_CHUNK_BYTES)
      if not chunk:
        return
      yield chunk
  else:
    for chunk in trace:
      yield from _chunks(bytes(chunk))


class TraceProcessor:
  """TraceProcessor(trace=path|bytes|file, addr='host:port', config=...).

  Without addr a weft server is started (and stopped by close()); with addr
  an existing `weft -D` (or trace_processor_shell -D) is used.
  """

  def __init__(self, trace=None, addr=None, config=None, file_path=None):
    self.config = config or TraceProcessorConfig()
    self._process = None
    if addr is None:
      self._process = WeftProcess(find_weft(self.config.bin_path), self.config.load_timeout,
                                  self.config.extra_flags)
      addr = self._process.addr
    self.http = TraceProcessorHttp(addr)
    try:
      trace = trace if trace is not None else file_path
      if trace is not None:
        self._load(trace)
    except BaseException:
      self.close()
      raise

  def _load(self, trace):
    for chunk in _chunks(trace):
      result = self.http.parse(chunk)
      if result.error:
        raise TraceProcessorException('cannot load the trace: ' + result.error)
    end = self.http.notify_eof()
    if end.error:
      raise TraceProcessorException('cannot load the trace: ' + end.error)

  def query(self, sql):
    """Runs |sql|; raises TraceProcessorException with weft's message on error."""
    result = self.http.execute_query(sql)
    if result.error:
      raise TraceProcessorException(result.error)
    return QueryResultIterator(result.column_names, _cells(result))

  def metric(self, metrics):
    """Computes metrics (names as in docs/metrics.md, e.g. ['android_cpu'])
    and returns the decoded perfetto.protos.TraceMetrics message; raises
    TraceProcessorException with weft's message on error."""
    result = self.http.compute_metric(metrics)
    if result.error:
      raise TraceProcessorException(result.error)
    return self.http.protos.TraceMetrics.FromString(result.metrics)

  def enable_metatrace(self):
    self.http.enable_metatrace()

  def disable_and_read_metatrace(self):
    result = self.http.disable_and_read_metatrace()
    if result.error:
      raise TraceProcessorException(result.error)
    return result.metatrace

  def close(self):
    if getattr(self, 'http', None):
      self.http.close()
    if self._process:
      log = self._process.stop()
      if self.config.verbose and log:
        print(log.decode(errors='replace'), end='')
      self._process = None

  def __enter__(self):
    return self

  def __exit__(self, *exc):
    self.close()
    return False

  def __del__(self):
    self.close()
