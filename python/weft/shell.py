"""Starts a `weft --httpd` process on a free loopback port and stops it."""

import os
import re
import shutil
import subprocess
import tempfile
import time

_LISTENING = re.compile(rb'serving HTTP on http://([^\s]+):(\d+)')
# python/weft/shell.py -> <repo>/out/host/weft, when run from a checkout.
_REPO_WEFT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), 'out', 'host', 'weft')


def find_weft(bin_path=None):
  """|bin_path|, else $WEFT_BIN, else the checkout's out/host/weft, else
  `weft` on PATH."""
  if bin_path:
    if not os.access(bin_path, os.X_OK):
      raise FileNotFoundError(f'weft binary not found: {bin_path}')
    return bin_path
  for candidate in (os.environ.get('WEFT_BIN'), _REPO_WEFT, shutil.which('weft')):
    if candidate and os.access(candidate, os.X_OK):
      return candidate
  raise FileNotFoundError('weft binary not found: build it (tools/build host), '
                          'set $WEFT_BIN or pass TraceProcessorConfig(bin_path=...)')


class WeftProcess:
  """A running `weft -D --http-port 0`; .addr is 'host:port'."""

  def __init__(self, bin_path, load_timeout, extra_flags=()):
    self._log = tempfile.TemporaryFile()
    args = [bin_path, '-D', '--http-port', '0'] + list(extra_flags)
    self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=self._log)
    self.addr = self._wait_listening(load_timeout)

  def _wait_listening(self, timeout):
    deadline = time.monotonic() + timeout
    while True:
      match = _LISTENING.search(self.log())
      if match:
        return '%s:%s' % (match.group(1).decode(), match.group(2).decode())
      if self.proc.poll() is not None or time.monotonic() > deadline:
        break
      time.sleep(0.02)
    log = self.stop()
    raise TimeoutError('weft did not start serving within %ss: %s' %
                       (timeout, log.decode(errors='replace').strip()))

  def log(self):
    self._log.seek(0)
    return self._log.read()

  def stop(self):
    """Stops the server; returns its log (stderr)."""
    if self.proc.poll() is None:
      self.proc.terminate()
      try:
        self.proc.wait(timeout=10)
      except subprocess.TimeoutExpired:
        self.proc.kill()
        self.proc.wait()
    if self._log.closed:
      return b''
    log = self.log()
    self._log.close()
    return log
