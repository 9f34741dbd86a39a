#!/usr/bin/env python3
# Tests of tools/gen_proto_fields.py: the naming convention of the generated
# C++ and JS constants (from protoc's descriptor set of sample files) and its
# errors. Needs protoc.
#   python3 tools/gen_proto_fields_test.py
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_proto_fields as gen  # noqa: E402

SAMPLE = '''
syntax = "proto2";
package perfetto.protos;
import "other.proto";

enum BuiltinClock {
  BUILTIN_CLOCK_UNKNOWN = 0;
  BUILTIN_CLOCK_BOOTTIME = 6;
}

message TracePacket {
  optional uint64 timestamp = 8;
  oneof data {
    Other other = 11;
    string legacy_json = 0x10;
  }
  enum SequenceFlags {
    SEQ_UNSPECIFIED = 0;
    SEQ_INCREMENTAL_STATE_CLEARED = 1 [deprecated = true];
  }
  repeated int64 values = 3 [packed = true];
  map<string, int32> counts = 4;
  reserved 5, 6 to 7;
  extensions 1000 to max;
  message ClockSnapshot {
    message Clock { optional uint32 clock_id = 1; }
    enum Negative { NEGATIVE_MINUS = -1; NEGATIVE_ZERO = 0; }
  }
}

extend TracePacket { optional int32 extension_field = 1000; }
'''

OTHER = 'syntax = "proto2";\npackage perfetto.protos;\nmessage Other {}\n'


def compile_files(files, root_files=None):
    """Compiles {name: text} with protoc; returns {name: (messages, enums)}."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in files.items():
            with open(os.path.join(tmp, name), 'w') as f:
                f.write(text)
        return gen.parse_descriptor_set(gen.compile_protos(tmp, root_files or list(files)))


def sample():
    return compile_files({'sample.proto': SAMPLE, 'other.proto': OTHER},
                         ['sample.proto'])['sample.proto']


class CppNamingTest(unittest.TestCase):
    def test_sample(self):
        b = dict(gen.cpp_blocks(*sample(), 'sample.proto'))
        self.assertEqual(b['builtin_clock'], [('kUnknown', 'uint32_t', 0),
                                              ('kBoottime', 'uint32_t', 6)])
        # Oneof members in place; no map entry message, no extension.
        self.assertEqual(b['trace_packet'], [
            ('kTimestamp', 'uint32_t', 8), ('kOther', 'uint32_t', 11),
            ('kLegacyJson', 'uint32_t', 16), ('kValues', 'uint32_t', 3),
            ('kCounts', 'uint32_t', 4)])
        # The prefix SEQUENCE_FLAGS_ is not on the values: names kept whole.
        self.assertEqual(b['trace_packet_sequence_flags'],
                         [('kSeqUnspecified', 'uint32_t', 0),
                          ('kSeqIncrementalStateCleared', 'uint32_t', 1)])
        self.assertEqual(b['trace_packet_clock_snapshot'], [])
        self.assertEqual(b['trace_packet_clock_snapshot_clock'], [('kClockId', 'uint32_t', 1)])
        self.assertEqual(b['trace_packet_clock_snapshot_negative'],
                         [('kMinus', 'int32_t', -1), ('kZero', 'uint32_t', 0)])
        self.assertEqual(list(b), ['builtin_clock', 'trace_packet', 'trace_packet_sequence_flags',
                                   'trace_packet_clock_snapshot',
                                   'trace_packet_clock_snapshot_negative',
                                   'trace_packet_clock_snapshot_clock'])

    def test_prefix_kept_unless_all_values_have_it(self):
        files = compile_files({'e.proto': 'syntax = "proto2";\n'
                               'enum Unit { UNIT_A = 1; OTHER = 2; }\n'
                               'enum Mode { MODE_1 = 1; MODE_2 = 2; }\n'})
        b = dict(gen.cpp_blocks(*files['e.proto'], 'e.proto'))
        self.assertEqual([c[0] for c in b['unit']], ['kUnitA', 'kOther'])
        # A prefix that would leave a name starting with a digit stays.
        self.assertEqual([c[0] for c in b['mode']], ['kMode1', 'kMode2'])

    def test_case_conversions(self):
        self.assertEqual(gen.snake_case('TraceProcessorRpcStream'), 'trace_processor_rpc_stream')
        self.assertEqual(gen.snake_case('HTTPRequest'), 'http_request')
        self.assertEqual(gen.upper_camel('float64_cells'), 'Float64Cells')
        self.assertEqual(gen.upper_camel('TPM_GET_STATUS'), 'TpmGetStatus')

    def test_render(self):
        text = gen.render_cpp(gen.cpp_blocks(*sample(), 's.proto'), 'weft::pb', 'protos/s.proto')
        self.assertIn('#ifndef GEN_PROTOS_S_FIELDS_H_\n', text)
        self.assertIn('namespace weft {\nnamespace pb {\n', text)
        self.assertIn('namespace trace_packet {\nconstexpr uint32_t kTimestamp = 8;\n', text)
        self.assertIn('constexpr int32_t kMinus = -1;', text)


class JsNamingTest(unittest.TestCase):
    def test_sample(self):
        b = dict(gen.js_blocks(*sample(), 'sample.proto'))
        self.assertEqual(b['BuiltinClock'], [('BUILTIN_CLOCK_UNKNOWN', 0),
                                             ('BUILTIN_CLOCK_BOOTTIME', 6)])
        self.assertEqual(b['TracePacket'][:2], [('timestamp', 8), ('other', 11)])
        self.assertEqual(b['TracePacket_ClockSnapshot_Clock'], [('clock_id', 1)])
        self.assertEqual(b['TracePacket_ClockSnapshot_Negative'],
                         [('NEGATIVE_MINUS', -1), ('NEGATIVE_ZERO', 0)])

    def test_render(self):
        text = gen.render_js(gen.js_blocks(*sample(), 's.proto'), 'protos/s.proto')
        self.assertIn('export const TracePacket = Object.freeze({\n  timestamp: 8,\n', text)
        self.assertIn('  NEGATIVE_MINUS: -1,\n', text)


class GenerateTest(unittest.TestCase):
    def test_writes_headers_and_js(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = os.path.join(tmp, 'protos')
            os.makedirs(os.path.join(root, 'sub'))
            for name, text in (('sub/sample.proto', SAMPLE.replace('"other.proto"',
                                                                   '"sub/other.proto"')),
                               ('sub/other.proto', OTHER)):
                with open(os.path.join(root, name), 'w') as f:
                    f.write(text)
            out = os.path.join(tmp, 'gen')
            gen.generate(root, out, 'weft::pb', ['sub/sample.proto', 'sub/other.proto'],
                         {'sub/sample.proto'})
            self.assertEqual(sorted(os.listdir(os.path.join(out, 'sub'))),
                             ['other.fields.h', 'sample.fields.h', 'sample.fields.js'])
            with open(os.path.join(out, 'sub', 'sample.fields.h')) as f:
                self.assertIn('from protos/sub/sample.proto.', f.read())


class ErrorTest(unittest.TestCase):
    def assert_error(self, text, fragment):
        with self.assertRaises(gen.ProtoError) as ctx:
            files = compile_files({'bad.proto': 'syntax = "proto2";\n' + text})
            gen.cpp_blocks(*files['bad.proto'], 'bad.proto')
        self.assertIn(fragment, str(ctx.exception))

    def test_errors(self):
        self.assert_error('message A {\n  optional int32 x = ;\n}', 'protoc failed')
        self.assert_error('message A { message B {} }\nmessage A_B {}', 'the name a_b')
        self.assert_error('message A { optional int32 x_y = 1; optional int32 x__y = 2; }',
                          'duplicate constant(s) kXY')

    def test_malformed_descriptor_set(self):
        for data in (b'\x0a\x05ab', b'\x0b', b'\x80'):
            with self.assertRaises(gen.ProtoError):
                gen.parse_descriptor_set(data)


if __name__ == '__main__':
    unittest.main()
