#!/usr/bin/env python3
"""Generates field-number and enum-value constants from weft's .proto files.

  gen_proto_fields.py --proto-root DIR --gen-dir DIR [--namespace weft::pb]
                      [--js FILE.proto]... FILE.proto...

protoc (Debian's protobuf-compiler) compiles the files into a
FileDescriptorSet (--include_imports); this script reads that set and writes
GEN_DIR/FILE.fields.h for every FILE.proto (paths relative to --proto-root,
as protoc's imports name them) and GEN_DIR/FILE.fields.js for every --js
file. Run by GN (protos/BUILD.gn); Python 3 standard library only.

Naming of the C++ header (keep hand-written code to it):
- Everything sits in --namespace (weft::pb).
- One namespace per message, the message name in snake_case; a nested
  message joins the outer names with '_' (TrackEvent.LegacyEvent ->
  track_event_legacy_event).
- One `constexpr uint32_t k<UpperCamelFieldName> = N;` per field (oneof
  members included), e.g. timestamp_clock_id -> kTimestampClockId.
- One namespace per enum, named like a nested message (top-level enum
  BuiltinClock -> builtin_clock; TrackEvent.Type -> track_event_type),
  holding `constexpr uint32_t k<UpperCamelValueName> = N;` per value
  (int32_t if negative). Enum prefix rule: when every value of the enum
  starts with the enum's name in UPPER_SNAKE_CASE plus '_' (protobuf's
  style guide), that prefix is dropped: BUILTIN_CLOCK_BOOTTIME ->
  builtin_clock::kBoottime, TYPE_SLICE_BEGIN -> track_event_type::kSliceBegin.
  Otherwise the full value name is kept: SEQ_INCREMENTAL_STATE_CLEARED ->
  trace_packet_sequence_flags::kSeqIncrementalStateCleared.
UpperCamel: split on '_', each part capitalized, the rest lower-cased.
Map fields' synthesized *Entry messages and extensions get no constants.

Naming of the JS module: names as the .proto spells them. One frozen object
per message, named by its type name with nested names joined by '_'
(QueryResult.CellsBatch -> QueryResult_CellsBatch), mapping each field name
to its number; one per enum likewise, mapping each value name to its number
(QueryResult_CellsBatch_CellType.CELL_VARINT).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile


class ProtoError(Exception):
    pass


# ------------------------------------------------------ descriptor reading
# The few fields of google/protobuf/descriptor.proto read here.
FILE_SET_FILE = 1
FILE_NAME, FILE_MESSAGE_TYPE, FILE_ENUM_TYPE = 1, 4, 5
MESSAGE_NAME, MESSAGE_FIELD, MESSAGE_NESTED, MESSAGE_ENUM, MESSAGE_OPTIONS = 1, 2, 3, 4, 7
MESSAGE_OPTIONS_MAP_ENTRY = 7
FIELD_NAME, FIELD_NUMBER = 1, 3
ENUM_NAME, ENUM_VALUE = 1, 2
ENUM_VALUE_NAME, ENUM_VALUE_NUMBER = 1, 2

WIRE_VARINT, WIRE_FIXED64, WIRE_LEN, WIRE_FIXED32 = 0, 1, 2, 5


def read_varint(buf, pos):
    result, shift = 0, 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise ProtoError('malformed descriptor set: bad varint')
        b = buf[pos]
        pos += 1
        result |= (b & 0x7f) << shift
        shift += 7
        if not b & 0x80:
            return result, pos


def read_fields(buf):
    """Returns [(field number, value)] of one message: ints or bytes."""
    out, pos = [], 0
    while pos < len(buf):
        tag, pos = read_varint(buf, pos)
        wire = tag & 7
        if wire == WIRE_VARINT:
            value, pos = read_varint(buf, pos)
        elif wire == WIRE_LEN:
            size, pos = read_varint(buf, pos)
            value = buf[pos:pos + size]
            pos += size
        elif wire in (WIRE_FIXED64, WIRE_FIXED32):
            pos += 8 if wire == WIRE_FIXED64 else 4
            continue
        else:
            raise ProtoError('malformed descriptor set: wire type %d' % wire)
        if pos > len(buf):
            raise ProtoError('malformed descriptor set: truncated field')
        out.append((tag >> 3, value))
    return out


def values(fields, number):
    return [v for n, v in fields if n == number]


def string(fields, number):
    return b''.join(values(fields, number)[-1:]).decode('utf-8')


def int32(fields, number):
    v = (values(fields, number) or [0])[-1]
    v &= 0xffffffff  # Negative int32s are sign-extended to 64 bits.
    return v - (1 << 32) if v >= 1 << 31 else v


class Enum:
    def __init__(self, name, values_):
        self.name = name
        self.values = values_  # [(name, number)]


class Message:
    def __init__(self, name, fields, messages, enums):
        self.name = name
        self.fields = fields  # [(name, number)]
        self.messages = messages
        self.enums = enums


def parse_enum(buf):
    f = read_fields(buf)
    vals = []
    for v in values(f, ENUM_VALUE):
        vf = read_fields(v)
        vals.append((string(vf, ENUM_VALUE_NAME), int32(vf, ENUM_VALUE_NUMBER)))
    return Enum(string(f, ENUM_NAME), vals)


def is_map_entry(message_fields):
    for options in values(message_fields, MESSAGE_OPTIONS):
        if any(values(read_fields(options), MESSAGE_OPTIONS_MAP_ENTRY)):
            return True
    return False


def parse_message(buf):
    f = read_fields(buf)
    fields = []
    for field in values(f, MESSAGE_FIELD):
        ff = read_fields(field)
        fields.append((string(ff, FIELD_NAME), int32(ff, FIELD_NUMBER)))
    messages = [parse_message(m) for m in values(f, MESSAGE_NESTED)
                if not is_map_entry(read_fields(m))]
    enums = [parse_enum(e) for e in values(f, MESSAGE_ENUM)]
    return Message(string(f, MESSAGE_NAME), fields, messages, enums)


def parse_descriptor_set(data):
    """Returns {file name: ([Message], [Enum])} of a FileDescriptorSet."""
    files = {}
    for file_bytes in values(read_fields(data), FILE_SET_FILE):
        f = read_fields(file_bytes)
        files[string(f, FILE_NAME)] = ([parse_message(m) for m in values(f, FILE_MESSAGE_TYPE)],
                                       [parse_enum(e) for e in values(f, FILE_ENUM_TYPE)])
    return files


def compile_protos(proto_root, protos):
    """Runs protoc; returns the FileDescriptorSet bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'set.pb')
        p = subprocess.run(['protoc', '--include_imports', '--descriptor_set_out=' + out,
                            '-I', proto_root] + protos,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            raise ProtoError('protoc failed:\n' + p.stdout)
        with open(out, 'rb') as f:
            return f.read()


# ------------------------------------------------------------- C++ header

def snake_case(camel):
    s = re.sub(r'([a-z0-9])([A-Z])', r'\1_\2', camel)
    s = re.sub(r'([A-Z]+)([A-Z][a-z])', r'\1_\2', s)
    return s.lower()


def upper_camel(name):
    return ''.join(p[:1].upper() + p[1:].lower() for p in name.split('_') if p)


def enum_value_names(enum):
    prefix = snake_case(enum.name).upper() + '_'
    names = [n for n, _ in enum.values]
    if names and all(n.startswith(prefix) and n[len(prefix):len(prefix) + 1].isalpha()
                     for n in names):
        names = [n[len(prefix):] for n in names]
    return ['k' + upper_camel(n) for n in names]


def walk(messages, enums, message_block, enum_block, join):
    """Returns [(block name, constants)] in declaration order: the file's
    enums, then each message followed by its enums and nested messages."""
    blocks = []

    def add_message(message, outer):
        name = outer + join(message.name)
        blocks.append((name, message_block(message)))
        for enum in message.enums:
            blocks.append((name + '_' + join(enum.name), enum_block(enum)))
        for nested in message.messages:
            add_message(nested, name + '_')

    for enum in enums:
        blocks.append((join(enum.name), enum_block(enum)))
    for message in messages:
        add_message(message, '')
    return blocks


def check_unique(blocks, path):
    seen = set()
    for name, consts in blocks:
        if name in seen:
            raise ProtoError('%s: two messages/enums map to the name %s' % (path, name))
        seen.add(name)
        names = [c[0] for c in consts]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            raise ProtoError('%s: %s: duplicate constant(s) %s'
                             % (path, name, ', '.join(sorted(dup))))
    return blocks


def cpp_blocks(messages, enums, path):
    """Returns [(namespace, [(constant, type, value)])] in declaration order."""
    def message_block(m):
        return [('k' + upper_camel(n), 'uint32_t', number) for n, number in m.fields]

    def enum_block(e):
        return [(name, 'int32_t' if number < 0 else 'uint32_t', number)
                for name, (_, number) in zip(enum_value_names(e), e.values)]

    return check_unique(walk(messages, enums, message_block, enum_block, snake_case), path)


def render_cpp(blocks, namespace, proto_path):
    guard = re.sub(r'[^A-Za-z0-9]', '_',
                   'GEN_' + re.sub(r'\.proto$', '_fields_h_', proto_path)).upper()
    out = ['// Generated by tools/gen_proto_fields.py from %s. Do not edit.' % proto_path,
           '// Field numbers and enum values (naming: see the generator\'s header).',
           '#ifndef %s' % guard, '#define %s' % guard, '', '#include <cstdint>', '']
    parts = namespace.split('::')
    out += ['namespace %s {' % p for p in parts]
    for ns, consts in blocks:
        out.append('')
        out.append('namespace %s {' % ns)
        for name, ctype, value in consts:
            out.append('constexpr %s %s = %d;' % (ctype, name, value))
        out.append('}  // namespace %s' % ns)
    out.append('')
    out += ['}  // namespace %s' % p for p in reversed(parts)]
    out += ['', '#endif  // %s' % guard, '']
    return '\n'.join(out)


# -------------------------------------------------------------- JS module

def js_blocks(messages, enums, path):
    """Returns [(object name, [(key, value)])] in declaration order."""
    return check_unique(walk(messages, enums, lambda m: m.fields, lambda e: e.values,
                             lambda name: name), path)


def render_js(blocks, proto_path):
    out = ['// Generated by tools/gen_proto_fields.py from %s. Do not edit.' % proto_path,
           '// Field numbers and enum values (naming: see the generator\'s header).']
    for name, consts in blocks:
        out.append('')
        out.append('export const %s = Object.freeze({' % name)
        out += ['  %s: %d,' % (key, value) for key, value in consts]
        out.append('});')
    out.append('')
    return '\n'.join(out)


# ------------------------------------------------------------------ main

def write_if_changed(path, text):
    """Keeps the timestamp of an unchanged file (ninja's restat: no rebuilds)."""
    try:
        with open(path, encoding='utf-8') as f:
            if f.read() == text:
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)


def generate(proto_root, gen_dir, namespace, protos, js_protos):
    files = parse_descriptor_set(compile_protos(proto_root, protos))
    prefix = os.path.basename(os.path.normpath(proto_root)) + '/'
    for proto in protos:
        messages, enums = files[proto]
        name = prefix + proto  # protos/perfetto/...: as the include path reads.
        stem = os.path.join(gen_dir, re.sub(r'\.proto$', '', proto))
        write_if_changed(stem + '.fields.h',
                         render_cpp(cpp_blocks(messages, enums, name), namespace, name))
        if proto in js_protos:
            write_if_changed(stem + '.fields.js', render_js(js_blocks(messages, enums, name), name))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--proto-root', required=True, help='directory the .proto paths are under')
    ap.add_argument('--gen-dir', required=True, help='output directory')
    ap.add_argument('--namespace', default='weft::pb', help='C++ namespace')
    ap.add_argument('--js', action='append', default=[], help='also write FILE.fields.js')
    ap.add_argument('protos', nargs='+')
    args = ap.parse_args()
    missing = set(args.js) - set(args.protos)
    if missing:
        ap.error('--js file(s) not among the protos: ' + ', '.join(sorted(missing)))
    try:
        generate(args.proto_root, args.gen_dir, args.namespace, args.protos, set(args.js))
    except (OSError, ProtoError) as e:
        print('gen_proto_fields: error: %s' % e, file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
