#!/usr/bin/env python3
# Tests of tools/gen_proto_fields.py: the naming convention of the generated
# constants, the proto syntax subset it reads, and its errors.
#   python3 tools/gen_proto_fields_test.py
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_proto_fields as gen  # noqa: E402

SAMPLE = '''
syntax = "proto2";
package perfetto.protos;
import "other.proto";
option optimize_for = LITE_RUNTIME;

/* Block comment with message Fake { } inside. */
enum BuiltinClock {
  BUILTIN_CLOCK_UNKNOWN = 0;
  BUILTIN_CLOCK_BOOTTIME = 6;  // Trailing comment.
}

message TracePacket {
  optional uint64 timestamp = 8;
  oneof data {
    TrackEvent track_event = 11;
    string legacy_json = 0x10;
  }
  enum SequenceFlags {
    SEQ_UNSPECIFIED = 0;
    SEQ_INCREMENTAL_STATE_CLEARED = 1 [deprecated = true];
  }
  repeated int64 values = 3 [packed = true];
  map<string, int32> counts = 4;
  reserved 5, 6 to 9;
  reserved "old_name";
  extensions 1000 to max;
  message ClockSnapshot {
    message Clock { optional uint32 clock_id = 1; }
    enum Negative { NEGATIVE_MINUS = -1; NEGATIVE_ZERO = 0; }
  }
}
'''


def blocks_of(text):
    return dict(gen.emit(*gen.parse_file(text, 'sample.proto'), 'sample.proto'))


class NamingTest(unittest.TestCase):
    def test_sample(self):
        b = blocks_of(SAMPLE)
        self.assertEqual(b['builtin_clock'], [('kUnknown', 'uint32_t', 0),
                                              ('kBoottime', 'uint32_t', 6)])
        self.assertEqual(b['trace_packet'], [
            ('kTimestamp', 'uint32_t', 8), ('kTrackEvent', 'uint32_t', 11),
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
        self.assertNotIn('fake', b)

    def test_prefix_kept_unless_all_values_have_it(self):
        b = blocks_of('enum Unit { UNIT_A = 1; OTHER = 2; }')
        self.assertEqual([c[0] for c in b['unit']], ['kUnitA', 'kOther'])
        # A prefix that would leave a name starting with a digit stays.
        b = blocks_of('enum Mode { MODE_1 = 1; MODE_2 = 2; }')
        self.assertEqual([c[0] for c in b['mode']], ['kMode1', 'kMode2'])

    def test_case_conversions(self):
        self.assertEqual(gen.snake_case('TraceProcessorRpcStream'), 'trace_processor_rpc_stream')
        self.assertEqual(gen.snake_case('HTTPRequest'), 'http_request')
        self.assertEqual(gen.upper_camel('float64_cells'), 'Float64Cells')
        self.assertEqual(gen.upper_camel('TPM_GET_STATUS'), 'TpmGetStatus')

    def test_render(self):
        text = gen.render(gen.emit(*gen.parse_file(SAMPLE, 's.proto'), 's.proto'),
                          'weft::pb', 'protos/s.proto', 'GEN_S_H_')
        self.assertIn('namespace weft {\nnamespace pb {\n', text)
        self.assertIn('namespace trace_packet {\nconstexpr uint32_t kTimestamp = 8;\n', text)
        self.assertIn('constexpr int32_t kMinus = -1;', text)


class ErrorTest(unittest.TestCase):
    def assert_error(self, text, fragment):
        with self.assertRaises(gen.ProtoError) as ctx:
            gen.emit(*gen.parse_file(text, 'bad.proto'), 'bad.proto')
        self.assertIn(fragment, str(ctx.exception))

    def test_errors(self):
        self.assert_error('message A {\n  optional int32 x = ;\n}', 'bad.proto:2: expected number')
        self.assert_error('message A { optional int32 x = 1;', 'unexpected end of file')
        self.assert_error('service_x Foo {}', "bad.proto:1: unexpected 'service_x'")
        self.assert_error('message A { optional group G = 1 {} }', 'groups are not supported')
        self.assert_error('message A { message B {} }\nmessage AB {}\nmessage A_B {}',
                          'namespace a_b')
        self.assert_error('message A { optional int32 x_y = 1; optional int32 x__y = 2; }',
                          'duplicate constant(s) kXY')
        self.assert_error('message A { optional int32 x = 1; } #', "unexpected character '#'")


if __name__ == '__main__':
    unittest.main()
