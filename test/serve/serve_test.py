#!/usr/bin/env python3
"""tools/serve serves the viewer's folders and nothing else.

Runs tools/serve's server over a scratch tree (the three served folders, a
secret file and a fake .git/config next to them, a folder outside the tree,
symlinks out of and between the served folders) and checks that every
traversal form is refused (404, no secret in the answer) while the
viewer's files are served with their content types. Then starts the real
`tools/serve --no-build` on this repository for the two requests that
used to leak its files.

  test/serve/serve_test.py
"""

import http.client
import importlib.machinery
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import threading
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVE = os.path.join(ROOT, 'tools', 'serve')
SECRET = 'SECRET-not-for-the-viewer'


def load_serve_module():
  loader = importlib.machinery.SourceFileLoader('weft_serve', SERVE)
  spec = importlib.util.spec_from_loader('weft_serve', loader)
  module = importlib.util.module_from_spec(spec)
  loader.exec_module(module)
  return module


def write(path, text):
  os.makedirs(os.path.dirname(path), exist_ok=True)
  with open(path, 'w') as f:
    f.write(text)


def make_tree(top):
  """The served root top/root and a folder outside it; returns the root."""
  root = os.path.join(top, 'root')
  files = {
      'ui_bridge/viewer/index.html': '<html>viewer</html>',
      'ui_bridge/engine.js': 'export const js = 1;',
      'ui_bridge/module.mjs': 'export const mjs = 1;',
      'ui_bridge/viewer/style.css': 'body {}',
      'out/wasm/weft_wasm.wasm': '\0asm',
      'out/other/not_served.js': SECRET,
      'test/data/trace.json': '{"traceEvents": []}',
      'secret.txt': SECRET,
      '.git/config': SECRET,
      'README.md': SECRET,
  }
  for name, text in files.items():
    write(os.path.join(root, name), text)
  write(os.path.join(top, 'outside', 'outside.txt'), SECRET)
  data = os.path.join(root, 'test', 'data')
  os.symlink('../../secret.txt', os.path.join(data, 'escape.txt'))
  os.symlink(os.path.join(top, 'outside'), os.path.join(data, 'outdir'))
  os.symlink('../test/data/trace.json', os.path.join(root, 'ui_bridge', 'linked.json'))
  return root


def get(port, path, method='GET'):
  """(status, body, content type) of one request sent with |path| as is."""
  conn = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
  try:
    conn.request(method, path)
    resp = conn.getresponse()
    return resp.status, resp.read().decode('latin-1'), resp.getheader('Content-Type')
  finally:
    conn.close()


# Each asks for a file outside the served folders.
TRAVERSALS = [
    '/secret.txt',
    '/.git/config',
    '/README.md',
    '/out/other/not_served.js',
    '/ui_bridge/../secret.txt',
    '/ui_bridge/%2e%2e/.git/config',
    '/ui_bridge/%2E%2E/.git/config',
    '/ui_bridge/.%2e/secret.txt',
    '/ui_bridge/%2e./secret.txt',
    '/test/data/%2e%2e/%2e%2e/README.md',
    '/test/data/%2E%2E/%2E%2E/README.md',
    '/ui_bridge%2f..%2fsecret.txt',
    '/ui_bridge/..%2fsecret.txt',
    '/ui_bridge/..%2Fsecret.txt',
    '/ui_bridge%2F%2E%2E%2Fsecret.txt',
    '//secret.txt',
    '//ui_bridge/../secret.txt',
    '/ui_bridge//../secret.txt',
    '/ui_bridge/..//secret.txt',
    '/ui_bridge/viewer/../../secret.txt',
    '/ui_bridge/..\\secret.txt',
    '/ui_bridge\\..\\secret.txt',
    '/ui_bridge/..%5csecret.txt',
    '/ui_bridge/..%5Csecret.txt',
    '/ui_bridge/%252e%252e/secret.txt',
    '/ui_bridge/%00',
    '/ui_bridge/..%00/secret.txt',
    '/test/data/escape.txt',
    '/test/data/outdir/outside.txt',
    '/test/data/%2e%2e/%2e%2e/../outside/outside.txt',
    'http://localhost/../secret.txt',
]

# path -> (body, content type)
SERVED = {
    '/ui_bridge/viewer/': ('<html>viewer</html>', 'text/html'),
    '/ui_bridge/viewer/index.html': ('<html>viewer</html>', 'text/html'),
    '/ui_bridge/engine.js': ('export const js = 1;', 'text/javascript'),
    '/ui_bridge/module.mjs': ('export const mjs = 1;', 'text/javascript'),
    '/ui_bridge/viewer/style.css': ('body {}', 'text/css'),
    '/out/wasm/weft_wasm.wasm': ('\0asm', 'application/wasm'),
    '/test/data/trace.json': ('{"traceEvents": []}', 'application/json'),
    '/test/data/trace.json?x=1': ('{"traceEvents": []}', 'application/json'),
    '/test/data/%74race.json': ('{"traceEvents": []}', 'application/json'),
    '/ui_bridge/./engine.js': ('export const js = 1;', 'text/javascript'),
    '/ui_bridge/viewer/../engine.js': ('export const js = 1;', 'text/javascript'),
    # A symlink from one served folder into another stays inside.
    '/ui_bridge/linked.json': ('{"traceEvents": []}', 'application/json'),
}


class ServeScratchTreeTest(unittest.TestCase):

  @classmethod
  def setUpClass(cls):
    cls.tmp = tempfile.TemporaryDirectory(prefix='weft_serve_test_')
    root = make_tree(cls.tmp.name)
    cls.server = load_serve_module().make_server(root, '127.0.0.1', 0)
    cls.port = cls.server.server_address[1]
    cls.thread = threading.Thread(target=cls.server.serve_forever, daemon=True)
    cls.thread.start()

  @classmethod
  def tearDownClass(cls):
    cls.server.shutdown()
    cls.server.server_close()
    cls.tmp.cleanup()

  def test_traversals_are_refused(self):
    for path in TRAVERSALS:
      for method in ('GET', 'HEAD'):
        with self.subTest(path=path, method=method):
          status, body, _ = get(self.port, path, method)
          self.assertEqual(status, 404)
          self.assertNotIn(SECRET, body)

  def test_viewer_files_are_served(self):
    for path, (body, ctype) in SERVED.items():
      with self.subTest(path=path):
        self.assertEqual(get(self.port, path), (200, body, ctype))

  def test_root_redirects_to_the_viewer(self):
    conn = http.client.HTTPConnection('127.0.0.1', self.port, timeout=10)
    try:
      conn.request('GET', '/?url=/test/data/trace.json')
      resp = conn.getresponse()
      self.assertEqual(resp.status, 302)
      self.assertEqual(resp.getheader('Location'),
                       '/ui_bridge/viewer/?url=/test/data/trace.json')
    finally:
      conn.close()


class ServeRepositoryTest(unittest.TestCase):
  """The real command on this repository."""

  def test_repository_files_stay_private(self):
    proc = subprocess.Popen([sys.executable, SERVE, '--no-build', '--port', '0'],
                            stdout=subprocess.PIPE, text=True)
    try:
      match = re.search(r'localhost:(\d+)/', proc.stdout.readline())
      self.assertIsNotNone(match, 'tools/serve printed no URL')
      port = int(match.group(1))
      for path in ('/ui_bridge/%2e%2e/.git/config',
                   '/test/data/%2e%2e/%2e%2e/README.md'):
        with self.subTest(path=path):
          self.assertEqual(get(port, path)[0], 404)
      status, body, ctype = get(port, '/ui_bridge/engine.js')
      self.assertEqual((status, ctype), (200, 'text/javascript'))
      with open(os.path.join(ROOT, 'ui_bridge', 'engine.js'), encoding='latin-1') as f:
        self.assertEqual(body, f.read())
    finally:
      proc.kill()
      proc.wait(timeout=10)
      proc.stdout.close()


if __name__ == '__main__':
  unittest.main()
