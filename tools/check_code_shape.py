#!/usr/bin/env python3
"""Checks the code shape rules of weft's standards: no source file over
600 lines, no function over 150 lines (outside generated code).

  tools/check_code_shape.py [--allowlist FILE] [--max-file N] [--max-function N]
                            [PATH ...]

Scans .cc and .h files under PATHs (default: src/ and wasm/). Functions are
found by a simple scan: comments, strings and preprocessor lines are blanked
out, then each top-level brace block (outside other functions) whose header
ends like a function signature counts, from its signature's first line to
its closing brace. Lambdas and classes inside a function count as part of
it. Pragmatic, not a C++ parser: it is right for the code here.

A function may stay long only if a comment in the three lines above its
signature says why, in the form
  // code-shape: long function: <reason>
(e.g. a lexer's state machine read best as one switch).

Offenders that others are fixing are listed in the allowlist file
(tools/code_shape_allowlist.txt), one per line: `PATH` for a file over the
limit, `PATH:FUNCTION` for a function (FUNCTION as this script prints it).
Entries that no longer offend are reported, so the list can be emptied.

Prints each offender as `path:line: ...` and exits 1 if any is not allowed.
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_PATHS = ['src', 'wasm']
DEFAULT_ALLOWLIST = os.path.join('tools', 'code_shape_allowlist.txt')
MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 150
LONG_OK = re.compile(r'//\s*code-shape:\s*long function:\s*\S')

# A header (text before a '{') that ends like a function signature:
# `...)` then qualifiers, a trailing return type, or a constructor's
# initializer list.
QUALIFIERS = r'(?:\s*(?:const|noexcept(?:\([^)]*\))?|override|final|mutable|&&|&|' \
             r'->\s*[\w:<>,\s\*&]+))*'
FUNCTION_END = re.compile(r'\)' + QUALIFIERS + r'\s*$')
CTOR_INIT = re.compile(r'\)\s*(?:noexcept\s*)?:(?!:)')
SCOPE = re.compile(r'\b(?:namespace|class|struct|union|enum)\b|\bextern\s*"C"')
ACCESS_LABEL = re.compile(r'\s*(?:public|private|protected)\s*:(?!:)')
CONTROL = re.compile(r'^\s*(?:if|for|while|switch|catch|do|else|return)\b')


def blank(text):
  """|text| with comments, string / char literals and preprocessor lines
  replaced by spaces (newlines kept, so offsets keep their line)."""
  out = list(text)
  i, n = 0, len(text)
  line_start = True

  def wipe(a, b):
    for k in range(a, b):
      if out[k] != '\n':
        out[k] = ' '

  while i < n:
    c = text[i]
    if line_start and c == '#':
      j = i
      while j < n:  # To the end of the line, following continuations.
        if text[j] == '\n' and text[j - 1] != '\\':
          break
        j += 1
      wipe(i, j)
      i = j
      continue
    if c == '\n':
      line_start = True
      i += 1
      continue
    if not c.isspace():
      line_start = False
    if text.startswith('//', i):
      j = text.find('\n', i)
      j = n if j < 0 else j
      wipe(i, j)
      i = j
    elif text.startswith('/*', i):
      j = text.find('*/', i + 2)
      j = n if j < 0 else j + 2
      wipe(i, j)
      i = j
    elif c == 'R' and text.startswith('"', i + 1) and (i == 0 or not (text[i - 1].isalnum() or
                                                                    text[i - 1] == '_')):
      m = re.match(r'R"([^(\s]*)\(', text[i:])
      if not m:
        i += 1
        continue
      end = text.find(')' + m.group(1) + '"', i + m.end())
      j = n if end < 0 else end + len(m.group(1)) + 2
      wipe(i, j)
      i = j
    elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum() and
                                         i + 1 < n and text[i + 1].isalnum() and
                                         text[i - 1] in '0123456789abcdefABCDEF')):
      j = i + 1
      while j < n and text[j] != c and text[j] != '\n':
        j += 2 if text[j] == '\\' else 1
      j = min(j + 1, n)
      wipe(i, j)
      i = j
    else:
      i += 1
  return ''.join(out)


def function_name(header):
  """A readable name for the function whose signature is |header|."""
  flat = ' '.join(header.split())
  paren = flat.find('(')
  if paren < 0:
    return flat
  m = re.search(r'([~\w:<>]+|operator\s*\S+)\s*$', flat[:paren])
  name = m.group(1) if m else flat[:paren].strip()
  if re.fullmatch(r'TEST(?:_F|_P)?', name):  # GoogleTest: name the test.
    close = flat.find(')', paren)
    return name + '(' + ' '.join(flat[paren + 1:close].split()) + ')'
  return name


def functions(text):
  """(name, first line, last line) of each function defined in |text|."""
  code = blank(text)
  line_of = []
  line = 1
  for ch in code:
    line_of.append(line)
    if ch == '\n':
      line += 1
  found = []
  n = len(code)

  def matching(i):  # Index of the '}' closing the '{' at |i|.
    depth = 0
    for j in range(i, n):
      if code[j] == '{':
        depth += 1
      elif code[j] == '}':
        depth -= 1
        if depth == 0:
          return j
    return n - 1

  def scan(start, end):  # A namespace / class body: code[start:end].
    header_start = start
    i = start
    while i < end:
      c = code[i]
      if c in ';}':
        header_start = i + 1
      elif c == '{':
        header = code[header_start:i]
        close = matching(i)
        stripped = header.strip()
        member_init = CTOR_INIT.search(header) and re.search(r'[\w>]$', stripped)
        if (stripped.endswith('=') or stripped == '' or CONTROL.match(stripped) or
            (member_init and not FUNCTION_END.search(header))):
          pass  # An initializer (or stray block): part of the next header.
        elif FUNCTION_END.search(header) or CTOR_INIT.search(header):
          label = ACCESS_LABEL.match(header)  # `public:` is not part of it.
          skip = label.end() if label else 0
          first = header_start + skip + (len(header[skip:]) - len(header[skip:].lstrip()))
          found.append((function_name(header), line_of[first], line_of[close]))
          header_start = close + 1
        elif SCOPE.search(header):
          scan(i + 1, close)
          header_start = close + 1
        i = close + 1
        continue
      i += 1

  scan(0, n)
  return found


def source_files(paths):
  for path in paths:
    full = os.path.join(ROOT, path)
    if os.path.isfile(full):
      yield path
      continue
    for dirpath, dirnames, filenames in os.walk(full):
      dirnames[:] = sorted(d for d in dirnames if d not in ('third_party', 'node_modules'))
      for f in sorted(filenames):
        if f.endswith(('.cc', '.h')):
          yield os.path.relpath(os.path.join(dirpath, f), ROOT)


def read_allowlist(path):
  entries = set()
  if not path or not os.path.exists(path):
    return entries
  with open(path) as f:
    for raw in f:
      entry = raw.split('#', 1)[0].strip()
      if entry:
        entries.add(entry)
  return entries


def main(argv):
  ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
  ap.add_argument('paths', nargs='*', default=DEFAULT_PATHS)
  ap.add_argument('--allowlist', default=os.path.join(ROOT, DEFAULT_ALLOWLIST))
  ap.add_argument('--max-file', type=int, default=MAX_FILE_LINES)
  ap.add_argument('--max-function', type=int, default=MAX_FUNCTION_LINES)
  args = ap.parse_args(argv)
  allowed = read_allowlist(args.allowlist)
  used = set()
  offenders = 0
  for path in source_files(args.paths):
    with open(os.path.join(ROOT, path), encoding='utf-8', errors='replace') as f:
      text = f.read()
    lines = text.split('\n')
    count = len(lines) - (1 if text.endswith('\n') else 0)
    if count > args.max_file:
      note = '(allowlisted)' if path in allowed else ''
      print(f'{path}:1: file has {count} lines (max {args.max_file}) {note}'.rstrip())
      if path in allowed:
        used.add(path)
      else:
        offenders += 1
    for name, first, last in functions(text):
      length = last - first + 1
      if length <= args.max_function:
        continue
      above = lines[max(0, first - 4):first]
      if any(LONG_OK.search(l) for l in above):
        continue
      key = f'{path}:{name}'
      note = '(allowlisted)' if key in allowed else ''
      print(f'{path}:{first}: function {name} has {length} lines '
            f'(max {args.max_function}) {note}'.rstrip())
      if key in allowed:
        used.add(key)
      else:
        offenders += 1
  for stale in sorted(allowed - used):
    print(f'{os.path.relpath(args.allowlist, ROOT)}: stale entry (no longer over the limit, '
          f'remove it): {stale}')
  if offenders:
    print(f'code shape: {offenders} offender(s) not allowlisted')
    return 1
  print('code shape: ok')
  return 0


if __name__ == '__main__':
  sys.exit(main(sys.argv[1:]))
