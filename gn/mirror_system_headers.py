#!/usr/bin/env python3
"""Symlinks /usr/include/<name> into OUT_DIR/<name> and touches STAMP.

Used for header-only system libraries (protozero, nlohmann) in the wasm
toolchain, where /usr/include itself must not be on the include path.
Usage: mirror_system_headers.py OUT_DIR STAMP NAME...
"""
import os
import sys


def main():
    out_dir, stamp, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    for name in names:
        src = os.path.join('/usr/include', name)
        if not os.path.exists(src):
            sys.stderr.write('missing %s (run tools/install-deps)\n' % src)
            return 1
        dst = os.path.join(out_dir, name)
        if os.path.islink(dst) and os.readlink(dst) == src:
            continue
        if os.path.lexists(dst):
            os.remove(dst)
        os.symlink(src, dst)
    with open(stamp, 'w'):
        pass
    return 0


if __name__ == '__main__':
    sys.exit(main())
