"""TraceProcessorHttp: the HTTP endpoints of `weft --httpd` (and of
Perfetto's trace_processor_shell -D), one method per endpoint, returning
the decoded result messages."""

import http.client

from weft.protos import protos


class TraceProcessorHttp:

  def __init__(self, url, protos_factory=None, timeout=None):
    """|url|: 'host:port' (as Perfetto's client). |timeout|: seconds per request."""
    self.url = url
    self.protos = protos_factory or protos()
    self._timeout = timeout
    self.conn = http.client.HTTPConnection(url, timeout=timeout)

  def close(self):
    self.conn.close()

  def _request(self, method, path, body=None):
    # Retries once on a connection the server closed while idle.
    for attempt in (0, 1):
      try:
        self.conn.request(method, path, body=body)
        res = self.conn.getresponse()
        data = res.read()
        break
      except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
        self.conn.close()
        if attempt:
          raise
    if res.status != 200:
      raise http.client.HTTPException(
          f'{path}: HTTP {res.status}: {data.decode(errors="replace").strip()}')
    return data

  def execute_query(self, query):
    args = self.protos.QueryArgs(sql_query=query)
    return self.protos.QueryResult.FromString(
        self._request('POST', '/query', args.SerializeToString()))

  def compute_metric(self, metrics):
    args = self.protos.ComputeMetricArgs(metric_names=list(metrics))
    return self.protos.ComputeMetricResult.FromString(
        self._request('POST', '/compute_metric', args.SerializeToString()))

  def parse(self, chunk):
    return self.protos.AppendTraceDataResult.FromString(self._request('POST', '/parse', chunk))

  def notify_eof(self):
    return self.protos.FinalizeDataResult.FromString(self._request('GET', '/notify_eof'))

  def status(self):
    return self.protos.StatusResult.FromString(self._request('GET', '/status'))

  def enable_metatrace(self):
    return self._request('GET', '/enable_metatrace')

  def disable_and_read_metatrace(self):
    return self.protos.DisableAndReadMetatraceResult.FromString(
        self._request('GET', '/disable_and_read_metatrace'))
