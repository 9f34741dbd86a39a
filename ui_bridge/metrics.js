// Metrics over the RPC (docs/metrics.md): TPM_COMPUTE_METRIC requests and
// ComputeMetricResult decoding, including weft's user-metric extension
// (ComputeMetricArgs.weft_user_metrics).
import {
  ComputeMetricArgs, ComputeMetricArgs_ResultFormat, ComputeMetricArgs_WeftUserMetric,
  ComputeMetricResult, TraceProcessorRpc as Rpc,
} from '../out/wasm/gen/protos/perfetto/trace_processor/trace_processor.fields.js';
import {encodeRequest, Method, ProtoReader, varintSize, writeVarint} from './protocol.js';

const WIRE_VARINT = 0, WIRE_LEN = 2;
const utf8Encoder = new TextEncoder();

export const METRIC_FORMATS = {
  binary: ComputeMetricArgs_ResultFormat.BINARY_PROTOBUF,
  text: ComputeMetricArgs_ResultFormat.TEXTPROTO,
  json: ComputeMetricArgs_ResultFormat.JSON,
};

// Serializes [[field, value], ...]: value a Number (varint), a string, a
// Uint8Array, or a nested [[field, value], ...] list.
function encodeFields(fields) {
  const parts = fields.map(([field, value]) => {
    if (typeof value === 'number') return {tag: field * 8 + WIRE_VARINT, value};
    const bytes = typeof value === 'string' ? utf8Encoder.encode(value)
      : value instanceof Uint8Array ? value : encodeFields(value);
    return {tag: field * 8 + WIRE_LEN, bytes};
  });
  let size = 0;
  for (const p of parts) {
    size += varintSize(p.tag) + (p.bytes ? varintSize(p.bytes.length) + p.bytes.length
      : varintSize(p.value));
  }
  const out = new Uint8Array(size);
  let pos = 0;
  for (const p of parts) {
    pos = writeVarint(out, pos, p.tag);
    if (!p.bytes) {
      pos = writeVarint(out, pos, p.value);
      continue;
    }
    pos = writeVarint(out, pos, p.bytes.length);
    out.set(p.bytes, pos);
    pos += p.bytes.length;
  }
  return out;
}

// userMetrics: [{name, sql, descriptorSet (Uint8Array, optional)}].
export function encodeComputeMetric(seq, names, format, userMetrics = []) {
  if (!(format in METRIC_FORMATS)) throw new Error(`unknown metric format ${format}`);
  const fields = names.map((n) => [ComputeMetricArgs.metric_names, n]);
  fields.push([ComputeMetricArgs.format, METRIC_FORMATS[format]]);
  for (const m of userMetrics) {
    const user = [[ComputeMetricArgs_WeftUserMetric.name, m.name],
      [ComputeMetricArgs_WeftUserMetric.sql, m.sql]];
    if (m.descriptorSet) user.push([ComputeMetricArgs_WeftUserMetric.descriptor_set, m.descriptorSet]);
    fields.push([ComputeMetricArgs.weft_user_metrics, user]);
  }
  return encodeRequest(seq, Method.TPM_COMPUTE_METRIC, Rpc.compute_metric_args, encodeFields(fields));
}

// {error, metrics (Uint8Array, binary), text (text or JSON)}.
export function decodeMetricResult(buf, start, end) {
  const out = {error: '', metrics: null, text: null};
  const r = new ProtoReader(buf, start, end);
  while (r.next()) {
    if (r.wireType !== WIRE_LEN) continue;
    if (r.id === ComputeMetricResult.error) out.error = r.string();
    if (r.id === ComputeMetricResult.metrics) out.metrics = r.bytes().slice();
    if (r.id === ComputeMetricResult.metrics_as_prototext ||
        r.id === ComputeMetricResult.metrics_as_json) out.text = r.string();
  }
  if (out.metrics === null && out.text === null && !out.error) out.metrics = new Uint8Array(0);
  return out;
}
