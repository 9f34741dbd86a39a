#!/usr/bin/env bash
# `pip install ./python` into a venv that sees Debian's packages (offline:
# --no-index, --no-build-isolation uses Debian's setuptools), then imports
# the installed package outside the checkout and queries a trace with it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WEFT="$(realpath "${1:-$ROOT/out/host/weft}")"  # The test runs from elsewhere.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv"
# From a copy: an in-tree build would leave build/ and *.egg-info in python/.
cp -r "$ROOT/python" "$tmp/src"
timeout 300 "$tmp/venv/bin/pip" install -q --no-index --no-build-isolation "$tmp/src"
cd "$tmp"
WEFT_BIN="$WEFT" timeout 120 "$tmp/venv/bin/python" - "$ROOT/test/data/example_trace.json" <<'PY'
import sys
import weft
from weft import TraceProcessor
assert 'site-packages' in weft.__file__, weft.__file__
with TraceProcessor(trace=sys.argv[1]) as tp:
    n = next(iter(tp.query('select count(*) as n from slice'))).n
    assert n > 0, n
print('pip install ./python: ok (%d slices)' % n)
PY
