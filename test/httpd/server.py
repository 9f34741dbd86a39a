"""Starts `weft -D` on a free loopback port for a test and always stops it."""

import os
import re
import subprocess
import tempfile
import time

LISTENING = re.compile(rb'serving HTTP on http://([^\s]+):(\d+)')


class WeftServer:
  """Context manager: `with WeftServer(weft, args) as s: s.port`."""

  def __init__(self, weft, args=(), start_timeout=30):
    self.weft = weft
    self.args = list(args)
    self.start_timeout = start_timeout
    self.proc = None
    self.port = None
    self.host = None

  def __enter__(self):
    self._log = tempfile.TemporaryFile()
    self.proc = subprocess.Popen([self.weft, '-D', '--http-port', '0'] + self.args,
                                 stdout=subprocess.DEVNULL, stderr=self._log)
    deadline = time.monotonic() + self.start_timeout
    while time.monotonic() < deadline:
      match = LISTENING.search(self.stderr())
      if match:
        self.host, self.port = match.group(1).decode(), int(match.group(2))
        return self
      if self.proc.poll() is not None:
        break
      time.sleep(0.05)
    self.stop()
    raise RuntimeError('weft -D did not start: ' + self.stderr().decode(errors='replace'))

  def stderr(self):
    self._log.seek(0)
    return self._log.read()

  def stop(self):
    if self.proc and self.proc.poll() is None:
      self.proc.terminate()
      try:
        self.proc.wait(timeout=10)
      except subprocess.TimeoutExpired:
        self.proc.kill()
        self.proc.wait()
    return self.proc.returncode if self.proc else None

  def __exit__(self, *exc):
    self.stop()
    self._log.close()
