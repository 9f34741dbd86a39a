#!/usr/bin/env python3
# Generates a C++ header of field numbers and enum values from one .proto file
# (run by GN at build time, see protos/BUILD.gn; Python 3, standard library).
#
# Naming convention of the generated header (keep hand-written code to it):
# - Everything sits in the namespace given by --namespace (weft::pb).
# - One namespace per message, the message name in snake_case; a nested
#   message joins the outer names with '_' (TrackEvent.LegacyEvent ->
#   track_event_legacy_event).
# - One `constexpr uint32_t k<UpperCamelFieldName> = N;` per field (oneof
#   members included), e.g. timestamp_clock_id -> kTimestampClockId.
# - One namespace per enum, named like a nested message (top-level enum
#   BuiltinClock -> builtin_clock; TrackEvent.Type -> track_event_type),
#   holding `constexpr uint32_t k<UpperCamelValueName> = N;` per value
#   (int32_t if negative). Enum prefix rule: when every value of the enum
#   starts with the enum's name in UPPER_SNAKE_CASE plus '_' (protobuf's
#   style guide), that prefix is dropped: BUILTIN_CLOCK_BOOTTIME ->
#   builtin_clock::kBoottime, TYPE_SLICE_BEGIN -> track_event_type::kSliceBegin.
#   Otherwise the full value name is kept: SEQ_INCREMENTAL_STATE_CLEARED ->
#   trace_packet_sequence_flags::kSeqIncrementalStateCleared.
# UpperCamel: split on '_', each part capitalized, the rest lower-cased.
#
# Syntax understood (proto2/proto3 subset): syntax, package, import, option,
# message (nested), enum, fields with labels and [options], map<K, V> fields,
# oneof, reserved, extensions, extend/service blocks (skipped), // and /* */
# comments. Anything else is an error naming the file and line.
#
#   gen_proto_fields.py --namespace weft::pb --out OUT.h [--name NAME] FILE.proto

import argparse
import re
import sys

TOKEN_RE = re.compile(
    r'(?P<ws>\s+)|(?P<line_comment>//[^\n]*)|(?P<block_comment>/\*.*?\*/)'
    r'|(?P<string>"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\')'
    r'|(?P<number>-?(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?))'
    r'|(?P<ident>[A-Za-z_.][A-Za-z0-9_.]*)|(?P<symbol>[{}=;<>,\[\]()\-+:])',
    re.S)


class ProtoError(Exception):
    pass


class Tokens:
    def __init__(self, text, path):
        self.path = path
        self.items = []  # (kind, text, line)
        pos, line = 0, 1
        while pos < len(text):
            m = TOKEN_RE.match(text, pos)
            if not m:
                raise ProtoError('%s:%d: unexpected character %r' % (path, line, text[pos]))
            kind = m.lastgroup
            if kind not in ('ws', 'line_comment', 'block_comment'):
                self.items.append((kind, m.group(), line))
            line += m.group().count('\n')
            pos = m.end()
        self.index = 0

    def peek(self, offset=0):
        i = self.index + offset
        return self.items[i][1] if i < len(self.items) else None

    def line(self):
        i = min(self.index, len(self.items) - 1)
        return self.items[i][2] if self.items else 1

    def error(self, message):
        return ProtoError('%s:%d: %s' % (self.path, self.line(), message))

    def next(self, kind=None):
        if self.index >= len(self.items):
            raise self.error('unexpected end of file')
        k, text, _ = self.items[self.index]
        if kind and k != kind:
            raise self.error('expected %s, got %r' % (kind, text))
        self.index += 1
        return text

    def expect(self, text):
        got = self.next()
        if got != text:
            raise self.error('expected %r, got %r' % (text, got))

    def skip_statement(self):
        """Skips to the ';' ending a statement, or over a {...} block."""
        depth = 0
        while True:
            t = self.next()
            if t == '{':
                depth += 1
            elif t == '}':
                depth -= 1
                if depth == 0:
                    return
            elif t == ';' and depth == 0:
                return


class Enum:
    def __init__(self, name):
        self.name = name
        self.values = []  # (name, number)


class Message:
    def __init__(self, name):
        self.name = name
        self.fields = []  # (name, number)
        self.messages = []
        self.enums = []


LABELS = ('optional', 'required', 'repeated')


def skip_options(tokens):
    """Skips `[deprecated = true, packed = true]` after a field or value."""
    if tokens.peek() == '[':
        while tokens.next() != ']':
            pass


def parse_field_tail(tokens, message):
    """Parses `name = N [options];` after a field's type."""
    name = tokens.next('ident')
    tokens.expect('=')
    message.fields.append((name, int(tokens.next('number'), 0)))
    skip_options(tokens)
    tokens.expect(';')


def parse_enum(tokens):
    enum = Enum(tokens.next('ident'))
    tokens.expect('{')
    while tokens.peek() != '}':
        if tokens.peek() in ('option', 'reserved'):
            tokens.skip_statement()
            continue
        if tokens.peek() == ';':
            tokens.next()
            continue
        name = tokens.next('ident')
        tokens.expect('=')
        enum.values.append((name, int(tokens.next('number'), 0)))
        skip_options(tokens)
        tokens.expect(';')
    tokens.expect('}')
    return enum


def parse_message(tokens):
    message = Message(tokens.next('ident'))
    tokens.expect('{')
    while tokens.peek() != '}':
        word = tokens.peek()
        if word == 'message':
            tokens.next()
            message.messages.append(parse_message(tokens))
        elif word == 'enum':
            tokens.next()
            message.enums.append(parse_enum(tokens))
        elif word in ('option', 'reserved', 'extensions', 'extend'):
            tokens.skip_statement()
        elif word == ';':
            tokens.next()
        elif word == 'oneof':
            tokens.next()
            tokens.next('ident')
            tokens.expect('{')
            while tokens.peek() != '}':
                if tokens.peek() == 'option':
                    tokens.skip_statement()
                    continue
                tokens.next('ident')  # Type.
                parse_field_tail(tokens, message)
            tokens.expect('}')
        elif word == 'map':
            tokens.next()
            tokens.expect('<')
            tokens.next('ident')
            tokens.expect(',')
            tokens.next('ident')
            tokens.expect('>')
            parse_field_tail(tokens, message)
        elif word == 'group' or (word in LABELS and tokens.peek(1) == 'group'):
            raise tokens.error('groups are not supported')
        else:
            if word in LABELS:
                tokens.next()
            tokens.next('ident')  # Type.
            parse_field_tail(tokens, message)
    tokens.expect('}')
    return message


def parse_file(text, path):
    tokens = Tokens(text, path)
    messages, enums = [], []
    while tokens.peek() is not None:
        word = tokens.peek()
        if word == 'message':
            tokens.next()
            messages.append(parse_message(tokens))
        elif word == 'enum':
            tokens.next()
            enums.append(parse_enum(tokens))
        elif word in ('syntax', 'package', 'import', 'option', 'extend', 'service'):
            tokens.skip_statement()
        elif word == ';':
            tokens.next()
        else:
            raise tokens.error('unexpected %r at the top level' % word)
    return messages, enums


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


def emit(messages, enums, path):
    """Returns [(namespace, [(constant, type, value)])] in declaration order."""
    blocks = []

    def add_enum(enum, outer):
        ns = outer + snake_case(enum.name)
        consts = [(name, 'int32_t' if number < 0 else 'uint32_t', number)
                  for name, (_, number) in zip(enum_value_names(enum), enum.values)]
        blocks.append((ns, consts))

    def add_message(message, outer):
        ns = outer + snake_case(message.name)
        blocks.append((ns, [('k' + upper_camel(n), 'uint32_t', number)
                            for n, number in message.fields]))
        for enum in message.enums:
            add_enum(enum, ns + '_')
        for nested in message.messages:
            add_message(nested, ns + '_')

    for enum in enums:
        add_enum(enum, '')
    for message in messages:
        add_message(message, '')
    seen = set()
    for ns, consts in blocks:
        if ns in seen:
            raise ProtoError('%s: two messages/enums map to namespace %s' % (path, ns))
        seen.add(ns)
        names = [c[0] for c in consts]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            raise ProtoError('%s: namespace %s: duplicate constant(s) %s'
                             % (path, ns, ', '.join(sorted(dup))))
    return blocks


def render(blocks, namespace, proto_path, guard):
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


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--namespace', required=True, help='C++ namespace, e.g. weft::pb')
    ap.add_argument('--out', required=True, help='header to write')
    ap.add_argument('--name', help='proto path named in the header comment')
    ap.add_argument('proto')
    args = ap.parse_args()
    name = args.name or args.proto
    try:
        with open(args.proto, encoding='utf-8') as f:
            blocks = emit(*parse_file(f.read(), name), name)
    except (OSError, ProtoError) as e:
        print('gen_proto_fields: error: %s' % e, file=sys.stderr)
        return 1
    guard = re.sub(r'[^A-Za-z0-9]', '_', 'GEN_' + re.sub(r'\.proto$', '_fields_h_', name)).upper()
    text = render(blocks, args.namespace, name, guard)
    try:
        with open(args.out, encoding='utf-8') as f:
            if f.read() == text:
                return 0  # Unchanged: keep the timestamp, avoid rebuilds.
    except OSError:
        pass
    with open(args.out, 'w', encoding='utf-8') as f:
        f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
