"""BatchTraceProcessor: one SQL query over many traces, each loaded by its
own weft process, on a local pool or on the workers of a Dask cluster.

  from weft.batch import BatchTraceProcessor
  btp = BatchTraceProcessor(['a.json', 'b.pftrace'])          # local
  btp = BatchTraceProcessor(paths, client=distributed.Client(...))  # Dask
  df = btp.query('select count(*) as n from slice')  # + a 'trace' column

Each query runs as one task per trace (load the trace, run the SQL, stop
weft), so tasks need no shared state and move freely between Dask workers;
the traces are read by the workers, so their paths must be valid there. A
trace that fails to load or query is reported in .failures and never
discards the other traces' rows.
"""

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import List, Optional

from weft.api import TraceProcessor, TraceProcessorConfig


@dataclass
class BatchTraceProcessorConfig:
  tp_config: TraceProcessorConfig = field(default_factory=TraceProcessorConfig)
  # Local mode: weft processes running at once (default: CPU count).
  max_workers: Optional[int] = None


@dataclass
class TraceResult:
  """The outcome of one trace: its rows, or the error that stopped it."""
  trace: str
  column_names: List[str] = field(default_factory=list)
  rows: List[list] = field(default_factory=list)
  error: Optional[str] = None

  def as_pandas_dataframe(self):
    import pandas
    df = pandas.DataFrame(self.rows, columns=self.column_names)
    df.insert(0, 'trace', self.trace)
    return df


def run_query(trace, sql, tp_config):
  """Loads |trace| in a fresh weft and runs |sql|; never raises (a task)."""
  try:
    with TraceProcessor(trace=trace, config=tp_config) as tp:
      result = tp.query(sql)
      return TraceResult(str(trace), result.column_names, result.row_values())
  except Exception as e:  # One trace's failure is its result.
    return TraceResult(str(trace), error='%s: %s' % (type(e).__name__, e))


class BatchTraceProcessor:

  def __init__(self, traces, config=None, client=None):
    """|traces|: paths. |client|: a distributed.Client, or None for local."""
    self.traces = [os.fspath(t) for t in traces]
    self.config = config or BatchTraceProcessorConfig()
    self.client = client
    self.failures = []  # (trace, error) of the last query.

  def query_iter(self, sql):
    """Yields a TraceResult per trace as each finishes."""
    self.failures = []
    for result in self._run(sql):
      if result.error is not None:
        self.failures.append((result.trace, result.error))
      yield result

  def query(self, sql):
    """One DataFrame of every trace's rows, with a 'trace' column first.
    Failed traces are left out and listed in .failures."""
    import pandas
    frames = [r.as_pandas_dataframe() for r in self.query_iter(sql) if r.error is None]
    if not frames:
      return pandas.DataFrame(columns=['trace'])
    return pandas.concat(frames, ignore_index=True)

  def _run(self, sql):
    tp_config = self.config.tp_config
    if self.client is not None:
      from distributed import as_completed
      futures = self.client.map(run_query, self.traces, sql=sql, tp_config=tp_config,
                                pure=False)
      for future in as_completed(futures):
        yield future.result()
      return
    workers = self.config.max_workers or os.cpu_count() or 1
    # Threads only wait for HTTP answers: each weft process does the work.
    with ThreadPoolExecutor(max_workers=workers) as pool:
      futures = [pool.submit(run_query, t, sql, tp_config) for t in self.traces]
      for future in futures:
        yield future.result()

  def close(self):
    pass  # Every task stops its own weft.

  def __enter__(self):
    return self

  def __exit__(self, *exc):
    return False
