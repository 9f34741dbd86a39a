"""A minimal WebSocket client (RFC 6455) over a plain socket, for tests:
the handshake, masked binary frames out, frames in."""

import base64
import hashlib
import os
import socket
import struct

GUID = b'258EAFA5-E914-47DA-95CA-C5AB0DC85B11'  # RFC 6455 section 1.3.


def handshake(port, path='/websocket', origin=None, timeout=30):
  """Returns (socket, status_line, headers dict, leftover bytes)."""
  sock = socket.create_connection(('127.0.0.1', port), timeout=timeout)
  key = base64.b64encode(os.urandom(16))
  lines = [b'GET ' + path.encode() + b' HTTP/1.1', b'Host: 127.0.0.1:%d' % port,
           b'Upgrade: websocket', b'Connection: Upgrade', b'Sec-WebSocket-Key: ' + key,
           b'Sec-WebSocket-Version: 13']
  if origin:
    lines.append(b'Origin: ' + origin.encode())
  sock.sendall(b'\r\n'.join(lines) + b'\r\n\r\n')
  data = b''
  while b'\r\n\r\n' not in data:
    chunk = sock.recv(4096)
    if not chunk:
      break
    data += chunk
  head, _, rest = data.partition(b'\r\n\r\n')
  status, *header_lines = head.decode().split('\r\n')
  headers = {}
  for line in header_lines:
    name, _, value = line.partition(':')
    headers[name.strip().lower()] = value.strip()
  expected = base64.b64encode(hashlib.sha1(key + GUID).digest()).decode()
  if ' 101 ' in status and headers.get('sec-websocket-accept') != expected:
    raise AssertionError('bad Sec-WebSocket-Accept: %r' % headers)
  return sock, status, headers, rest


def send_binary(sock, payload, opcode=0x2):
  header = bytes([0x80 | opcode])
  n = len(payload)
  if n < 126:
    header += bytes([0x80 | n])
  elif n < 65536:
    header += bytes([0x80 | 126]) + struct.pack('>H', n)
  else:
    header += bytes([0x80 | 127]) + struct.pack('>Q', n)
  mask = os.urandom(4)
  masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
  sock.sendall(header + mask + masked)


class FrameReader:
  """Reads server frames (unmasked) from a socket."""

  def __init__(self, sock, leftover=b''):
    self.sock = sock
    self.buf = leftover

  def _need(self, n):
    while len(self.buf) < n:
      chunk = self.sock.recv(65536)
      if not chunk:
        raise EOFError('connection closed')
      self.buf += chunk
    out, self.buf = self.buf[:n], self.buf[n:]
    return out

  def frame(self):
    """Returns (opcode, payload) of the next whole message."""
    b0, b1 = self._need(2)
    n = b1 & 0x7f
    if n == 126:
      n = struct.unpack('>H', self._need(2))[0]
    elif n == 127:
      n = struct.unpack('>Q', self._need(8))[0]
    return b0 & 0x0f, self._need(n)
