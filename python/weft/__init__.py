"""Python API of the weft trace processor; see docs/python.md.

  from weft import TraceProcessor
  with TraceProcessor(trace='trace.json') as tp:
      df = tp.query('select * from slice').as_pandas_dataframe()
"""

from weft.api import (QueryResultIterator, Row, TraceProcessor, TraceProcessorConfig,
                      TraceProcessorException)
from weft.http import TraceProcessorHttp

__all__ = ['QueryResultIterator', 'Row', 'TraceProcessor', 'TraceProcessorConfig',
           'TraceProcessorException', 'TraceProcessorHttp']
