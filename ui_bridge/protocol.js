// Encoding and decoding of the trace processor RPC protocol
// (protos/perfetto/trace_processor/trace_processor.proto) with a minimal
// hand-written protobuf codec: varints and length-delimited fields only.
// Field numbers and enum values come from the .proto: the build generates
// them (tools/gen_proto_fields.py) next to the wasm module, in out/wasm/gen/.

import {
  AppendTraceDataResult, FinalizeDataResult, QueryArgs, QueryResult, QueryResult_CellsBatch,
  QueryResult_CellsBatch_CellType, ResetTraceProcessorArgs,
  ResetTraceProcessorArgs_DropTrackEventDataBefore, StatusResult, TraceProcessorRpc as Rpc,
  TraceProcessorRpc_TraceProcessorMethod, TraceProcessorRpcStream,
} from '../out/wasm/gen/protos/perfetto/trace_processor/trace_processor.fields.js';

export const Method = TraceProcessorRpc_TraceProcessorMethod;
export const CellType = QueryResult_CellsBatch_CellType;

// Protobuf wire types (the JS definition; C++ uses protozero's).
const WIRE_VARINT = 0, WIRE_FIXED64 = 1, WIRE_LEN = 2, WIRE_FIXED32 = 5;

function tag(field, wireType) {
  return field * 8 + wireType;
}

// Each message of a TraceProcessorRpcStream starts with this tag.
const STREAM_TAG = tag(TraceProcessorRpcStream.msg, WIRE_LEN);

const utf8Decoder = new TextDecoder('utf-8');
const utf8Encoder = new TextEncoder();

// ---------------------------------------------------------------- writing

export function varintSize(v) {
  let n = 1;
  while (v >= 0x80) { v = Math.floor(v / 128); n++; }
  return n;
}

export function writeVarint(buf, pos, v) {  // 0 <= v < 2^53
  while (v >= 0x80) {
    buf[pos++] = (v % 128) | 0x80;
    v = Math.floor(v / 128);
  }
  buf[pos++] = v;
  return pos;
}

// Encodes one request as TraceProcessorRpcStream bytes. |argField| and
// |argBytes| (a Uint8Array) are optional.
export function encodeRequest(seq, method, argField = 0, argBytes = null) {
  const seqTag = tag(Rpc.seq, WIRE_VARINT), requestTag = tag(Rpc.request, WIRE_VARINT);
  let inner = varintSize(seqTag) + varintSize(seq) + varintSize(requestTag) + varintSize(method);
  if (argField) {
    inner += varintSize(tag(argField, WIRE_LEN)) + varintSize(argBytes.length) +
        argBytes.length;
  }
  const out = new Uint8Array(varintSize(STREAM_TAG) + varintSize(inner) + inner);
  let p = writeVarint(out, 0, STREAM_TAG);
  p = writeVarint(out, p, inner);
  p = writeVarint(out, p, seqTag);
  p = writeVarint(out, p, seq);
  p = writeVarint(out, p, requestTag);
  p = writeVarint(out, p, method);
  if (argField) {
    p = writeVarint(out, p, tag(argField, WIRE_LEN));
    p = writeVarint(out, p, argBytes.length);
    out.set(argBytes, p);
  }
  return out;
}

export function encodeAppend(seq, data) {
  return encodeRequest(seq, Method.TPM_APPEND_TRACE_DATA, Rpc.append_trace_data, data);
}

// TPM_RESET_TRACE_PROCESSOR; cropTrackEvents sets
// ResetTraceProcessorArgs.drop_track_event_data_before to
// TRACK_EVENT_RANGE_OF_INTEREST, analyzeTraceProtoContent sets
// analyze_trace_proto_content, fullSort weft's weft_full_sort, noProfileCalls
// weft's weft_no_profile_calls.
export function encodeReset(seq, {cropTrackEvents = false, analyzeTraceProtoContent = false,
                                  fullSort = false, noProfileCalls = false,
                                  noFtraceRaw = false} = {}) {
  const varints = [];  // [field, value] pairs.
  if (cropTrackEvents) {
    varints.push([ResetTraceProcessorArgs.drop_track_event_data_before,
      ResetTraceProcessorArgs_DropTrackEventDataBefore.TRACK_EVENT_RANGE_OF_INTEREST]);
  }
  if (analyzeTraceProtoContent) varints.push([ResetTraceProcessorArgs.analyze_trace_proto_content, 1]);
  if (fullSort) varints.push([ResetTraceProcessorArgs.weft_full_sort, 1]);
  if (noProfileCalls) varints.push([ResetTraceProcessorArgs.weft_no_profile_calls, 1]);
  if (noFtraceRaw) varints.push([ResetTraceProcessorArgs.ingest_ftrace_in_raw_table, 0]);
  if (!varints.length) return encodeRequest(seq, Method.TPM_RESET_TRACE_PROCESSOR);
  let size = 0;
  for (const [field, value] of varints) size += varintSize(tag(field, WIRE_VARINT)) + varintSize(value);
  const args = new Uint8Array(size);
  let p = 0;
  for (const [field, value] of varints) {
    p = writeVarint(args, p, tag(field, WIRE_VARINT));
    p = writeVarint(args, p, value);
  }
  return encodeRequest(seq, Method.TPM_RESET_TRACE_PROCESSOR, Rpc.reset_trace_processor_args, args);
}

export function encodeQuery(seq, sql) {
  const sqlBytes = utf8Encoder.encode(sql);
  const sqlTag = tag(QueryArgs.sql_query, WIRE_LEN);
  const args = new Uint8Array(varintSize(sqlTag) + varintSize(sqlBytes.length) + sqlBytes.length);
  const p = writeVarint(args, writeVarint(args, 0, sqlTag), sqlBytes.length);
  args.set(sqlBytes, p);
  return encodeRequest(seq, Method.TPM_QUERY_STREAMING, Rpc.query_args, args);
}

// ---------------------------------------------------------------- reading

// Walks the fields of one message. Throws on malformed input.
export class ProtoReader {
  constructor(bytes, start = 0, end = bytes.length) {
    this.buf = bytes;
    this.pos = start;
    this.end = end;
    this.id = 0;
    this.wireType = 0;
    this.value = 0;      // varint (Number; exact below 2^53) or fixed value.
    this.start = 0;      // length-delimited payload [start, end).
    this.len = 0;
  }

  // Reads a varint as a Number (exact below 2^53).
  varint() {
    const buf = this.buf;
    let result = 0, mul = 1, b;
    do {
      if (this.pos >= this.end) throw new Error('truncated varint');
      b = buf[this.pos++];
      result += (b & 0x7f) * mul;
      mul *= 128;
    } while (b & 0x80);
    return result;
  }

  next() {
    if (this.pos >= this.end) return false;
    const tag = this.varint();
    this.id = Math.floor(tag / 8);
    this.wireType = tag & 7;
    switch (this.wireType) {
      case WIRE_VARINT: this.value = this.varint(); break;
      case WIRE_FIXED64: this.pos += 8; break;
      case WIRE_FIXED32: this.pos += 4; break;
      case WIRE_LEN:
        this.len = this.varint();
        this.start = this.pos;
        this.pos += this.len;
        break;
      default: throw new Error(`unsupported wire type ${this.wireType}`);
    }
    if (this.pos > this.end) throw new Error('field past the end of the message');
    return true;
  }

  string() { return utf8Decoder.decode(this.buf.subarray(this.start, this.start + this.len)); }
  bytes() { return this.buf.subarray(this.start, this.start + this.len); }
}

// Reads the int64 varint at buf[pos]: {value, end} with value a Number when
// exact, a BigInt beyond +-2^53. Hot loops inline the short (< 2^49) case.
export function readVarint(buf, pos) {
  let big = 0n, shift = 0n, b;
  do {
    if (pos >= buf.length) throw new Error('truncated varint');
    b = buf[pos++];
    big |= BigInt(b & 0x7f) << shift;
    shift += 7n;
  } while (b & 0x80);
  big = BigInt.asIntN(64, big);
  const num = Number(big);
  return {value: Number.isSafeInteger(num) ? num : big, end: pos};
}

// Decodes a CellsBatch into views of the message bytes: {cellTypes
// (Uint8Array), varints (Uint8Array of packed varints, read with
// readVarint), float64s (Float64Array), strings (Array), blobs (Array of
// Uint8Array), isLastBatch}. The cells themselves are decoded by
// engine.js's Batch, column by column.
function decodeBatch(buf, start, end) {
  const batch = {
    cellTypes: new Uint8Array(0), varints: new Uint8Array(0), float64s: new Float64Array(0),
    strings: [], blobs: [], isLastBatch: false,
  };
  const r = new ProtoReader(buf, start, end);
  while (r.next()) {
    switch (r.id) {
      case QueryResult_CellsBatch.cells: batch.cellTypes = r.bytes(); break;
      case QueryResult_CellsBatch.varint_cells: batch.varints = r.bytes(); break;
      case QueryResult_CellsBatch.float64_cells: {
        const abs = buf.byteOffset + r.start;
        batch.float64s = abs % 8 === 0
            ? new Float64Array(buf.buffer, abs, r.len / 8)
            : new Float64Array(buf.slice(r.start, r.start + r.len).buffer);
        break;
      }
      case QueryResult_CellsBatch.blob_cells: batch.blobs.push(r.bytes()); break;
      case QueryResult_CellsBatch.string_cells: {
        // One TextDecoder call per batch; each string is NUL-terminated.
        batch.strings = r.string().split('\0');
        batch.strings.pop();
        break;
      }
      case QueryResult_CellsBatch.is_last_batch: batch.isLastBatch = r.value !== 0; break;
    }
  }
  return batch;
}

// Decodes a QueryResult message.
export function decodeQueryResult(buf, start = 0, end = buf.length) {
  const res = {columnNames: [], error: '', batches: [], statementWithOutputCount: 0,
    lastStatementSql: ''};
  const r = new ProtoReader(buf, start, end);
  while (r.next()) {
    switch (r.id) {
      case QueryResult.column_names: res.columnNames.push(r.string()); break;
      case QueryResult.error: res.error = r.string(); break;
      case QueryResult.batch: res.batches.push(decodeBatch(buf, r.start, r.start + r.len)); break;
      case QueryResult.statement_with_output_count: res.statementWithOutputCount = r.value; break;
      case QueryResult.last_statement_sql: res.lastStatementSql = r.string(); break;
    }
  }
  return res;
}

function decodeAppendResult(buf, start, end) {
  const out = {error: '', totalBytesParsed: 0};
  const r = new ProtoReader(buf, start, end);
  while (r.next()) {
    if (r.id === AppendTraceDataResult.error && r.wireType === WIRE_LEN) out.error = r.string();
    if (r.id === AppendTraceDataResult.total_bytes_parsed) out.totalBytesParsed = r.value;
  }
  return out;
}

function decodeFinalizeResult(buf, start, end) {
  const out = {error: '', loadWarning: ''};
  const r = new ProtoReader(buf, start, end);
  while (r.next()) {
    if (r.id === FinalizeDataResult.error && r.wireType === WIRE_LEN) out.error = r.string();
    // weft's extension: a damaged trace loaded in part.
    if (r.id === FinalizeDataResult.weft_load_warning && r.wireType === WIRE_LEN) {
      out.loadWarning = r.string();
    }
  }
  return out;
}

function decodeStatus(buf, start, end) {
  const st = {loadedTraceName: '', humanReadableVersion: '', apiVersion: 0};
  const r = new ProtoReader(buf, start, end);
  while (r.next()) {
    if (r.id === StatusResult.loaded_trace_name) st.loadedTraceName = r.string();
    if (r.id === StatusResult.human_readable_version) st.humanReadableVersion = r.string();
    if (r.id === StatusResult.api_version) st.apiVersion = r.value;
  }
  return st;
}

// Decodes one TraceProcessorRpc message (a response).
export function decodeRpc(buf, start = 0, end = buf.length) {
  const msg = {seq: 0, method: 0, invalidRequest: undefined, fatalError: ''};
  const r = new ProtoReader(buf, start, end);
  while (r.next()) {
    switch (r.id) {
      case Rpc.seq: msg.seq = r.value; break;
      case Rpc.response: msg.method = r.value; break;
      case Rpc.invalid_request: msg.invalidRequest = r.value; break;
      case Rpc.fatal_error: msg.fatalError = r.string(); break;
      case Rpc.append_result:
        msg.appendResult = decodeAppendResult(buf, r.start, r.start + r.len);
        break;
      case Rpc.finalize_data_result:
        msg.finalizeResult = decodeFinalizeResult(buf, r.start, r.start + r.len);
        break;
      case Rpc.query_result:
        msg.queryResult = decodeQueryResult(buf, r.start, r.start + r.len);
        break;
      case Rpc.status: msg.status = decodeStatus(buf, r.start, r.start + r.len); break;
      // Decoded by metrics.js (a copy: |buf| may be reused).
      case Rpc.metric_result: msg.metricResult = r.bytes().slice(); break;
    }
  }
  return msg;
}

// Cuts TraceProcessorRpc messages out of TraceProcessorRpcStream bytes that
// may arrive in pieces; calls onMessage(buf, start, end) for each.
export class RpcStreamDecoder {
  constructor(onMessage) {
    this.onMessage = onMessage;
    this.pending = null;  // Uint8Array: bytes of an incomplete message.
  }

  push(bytes) {
    let buf = bytes;
    if (this.pending) {
      buf = new Uint8Array(this.pending.length + bytes.length);
      buf.set(this.pending);
      buf.set(bytes, this.pending.length);
      this.pending = null;
    }
    let pos = 0;
    while (pos < buf.length) {
      const r = new ProtoReader(buf, pos, buf.length);
      let header;
      try {
        const streamTag = r.varint();
        if (streamTag !== STREAM_TAG) throw new Error(`bad stream tag ${streamTag}`);
        r.len = r.varint();
        header = r.pos;
      } catch (e) {
        if (e.message === 'truncated varint') break;
        throw e;
      }
      if (header + r.len > buf.length) break;
      this.onMessage(buf, header, header + r.len);
      pos = header + r.len;
    }
    if (pos < buf.length) this.pending = buf.slice(pos);
  }
}
