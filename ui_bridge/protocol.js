// Encoding and decoding of the trace processor RPC protocol
// (protos/perfetto/trace_processor/trace_processor.proto) with a minimal
// hand-written protobuf codec: varints and length-delimited fields only.
// Field numbers mirror the .proto (C++ gets them generated at build time by
// tools/gen_proto_fields.py); keep this file in sync with the .proto.

export const Method = Object.freeze({
  TPM_UNSPECIFIED: 0,
  TPM_APPEND_TRACE_DATA: 1,
  TPM_FINALIZE_TRACE_DATA: 2,
  TPM_QUERY_STREAMING: 3,
  TPM_GET_STATUS: 10,
  TPM_RESET_TRACE_PROCESSOR: 11,
});

export const CellType = Object.freeze({
  INVALID: 0, NULL: 1, VARINT: 2, FLOAT64: 3, STRING: 4, BLOB: 5,
});

// TraceProcessorRpc fields.
const RPC_SEQ = 1, RPC_REQUEST = 2, RPC_RESPONSE = 3, RPC_INVALID_REQUEST = 4,
  RPC_FATAL_ERROR = 5, RPC_APPEND_TRACE_DATA = 101, RPC_QUERY_ARGS = 103,
  RPC_RESET_TRACE_PROCESSOR_ARGS = 107,
  RPC_APPEND_RESULT = 201, RPC_QUERY_RESULT = 203, RPC_STATUS = 210,
  RPC_FINALIZE_RESULT = 212;
// FinalizeDataResult.weft_load_warning (a weft extension).
const FINALIZE_LOAD_WARNING = 1000;

const WIRE_VARINT = 0, WIRE_FIXED64 = 1, WIRE_LEN = 2, WIRE_FIXED32 = 5;

const utf8Decoder = new TextDecoder('utf-8');
const utf8Encoder = new TextEncoder();

// ---------------------------------------------------------------- writing

function varintSize(v) {
  let n = 1;
  while (v >= 0x80) { v = Math.floor(v / 128); n++; }
  return n;
}

function writeVarint(buf, pos, v) {  // 0 <= v < 2^53
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
  let inner = varintSize(RPC_SEQ << 3) + varintSize(seq) +
      varintSize(RPC_REQUEST << 3) + varintSize(method);
  if (argField) {
    inner += varintSize(argField * 8 + WIRE_LEN) + varintSize(argBytes.length) +
        argBytes.length;
  }
  const out = new Uint8Array(1 + varintSize(inner) + inner);
  let p = 0;
  out[p++] = (1 << 3) | WIRE_LEN;
  p = writeVarint(out, p, inner);
  p = writeVarint(out, p, RPC_SEQ << 3);
  p = writeVarint(out, p, seq);
  p = writeVarint(out, p, RPC_REQUEST << 3);
  p = writeVarint(out, p, method);
  if (argField) {
    p = writeVarint(out, p, argField * 8 + WIRE_LEN);
    p = writeVarint(out, p, argBytes.length);
    out.set(argBytes, p);
  }
  return out;
}

export function encodeAppend(seq, data) {
  return encodeRequest(seq, Method.TPM_APPEND_TRACE_DATA, RPC_APPEND_TRACE_DATA, data);
}

// TPM_RESET_TRACE_PROCESSOR; cropTrackEvents sets
// ResetTraceProcessorArgs.drop_track_event_data_before (field 1) to
// TRACK_EVENT_RANGE_OF_INTEREST (1), analyzeTraceProtoContent sets
// analyze_trace_proto_content (field 3), fullSort weft's weft_full_sort
// (field 1000: a two-byte key).
export function encodeReset(seq, {cropTrackEvents = false, analyzeTraceProtoContent = false,
                                  fullSort = false} = {}) {
  const fields = [];
  if (cropTrackEvents) fields.push((1 << 3) | WIRE_VARINT, 1);
  if (analyzeTraceProtoContent) fields.push((3 << 3) | WIRE_VARINT, 1);
  if (fullSort) fields.push((((1000 << 3) | WIRE_VARINT) & 0x7f) | 0x80, (1000 << 3) >> 7, 1);
  const args = fields.length ? new Uint8Array(fields) : null;
  return encodeRequest(seq, Method.TPM_RESET_TRACE_PROCESSOR,
      args ? RPC_RESET_TRACE_PROCESSOR_ARGS : 0, args);
}

export function encodeQuery(seq, sql) {
  const sqlBytes = utf8Encoder.encode(sql);
  const args = new Uint8Array(1 + varintSize(sqlBytes.length) + sqlBytes.length);
  args[0] = (1 << 3) | WIRE_LEN;  // QueryArgs.sql_query
  args.set(sqlBytes, writeVarint(args, 1, sqlBytes.length));
  return encodeRequest(seq, Method.TPM_QUERY_STREAMING, RPC_QUERY_ARGS, args);
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
      case 1: batch.cellTypes = r.bytes(); break;
      case 2: batch.varints = r.bytes(); break;
      case 3: {
        const abs = buf.byteOffset + r.start;
        batch.float64s = abs % 8 === 0
            ? new Float64Array(buf.buffer, abs, r.len / 8)
            : new Float64Array(buf.slice(r.start, r.start + r.len).buffer);
        break;
      }
      case 4: batch.blobs.push(r.bytes()); break;
      case 5: {
        // One TextDecoder call per batch; each string is NUL-terminated.
        batch.strings = r.string().split('\0');
        batch.strings.pop();
        break;
      }
      case 6: batch.isLastBatch = r.value !== 0; break;
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
      case 1: res.columnNames.push(r.string()); break;
      case 2: res.error = r.string(); break;
      case 3: res.batches.push(decodeBatch(buf, r.start, r.start + r.len)); break;
      case 5: res.statementWithOutputCount = r.value; break;
      case 6: res.lastStatementSql = r.string(); break;
    }
  }
  return res;
}

function decodeErrorOnly(buf, start, end, errorField) {
  const out = {error: '', totalBytesParsed: 0, loadWarning: ''};
  const r = new ProtoReader(buf, start, end);
  while (r.next()) {
    if (r.id === errorField && r.wireType === WIRE_LEN) out.error = r.string();
    if (errorField === 2 && r.id === 1) out.totalBytesParsed = r.value;
    // FinalizeDataResult.weft_load_warning: a damaged trace loaded in part.
    if (errorField === 1 && r.id === FINALIZE_LOAD_WARNING && r.wireType === WIRE_LEN) {
      out.loadWarning = r.string();
    }
  }
  return out;
}

// Decodes one TraceProcessorRpc message (a response).
export function decodeRpc(buf, start = 0, end = buf.length) {
  const msg = {seq: 0, method: 0, invalidRequest: undefined, fatalError: ''};
  const r = new ProtoReader(buf, start, end);
  while (r.next()) {
    switch (r.id) {
      case RPC_SEQ: msg.seq = r.value; break;
      case RPC_RESPONSE: msg.method = r.value; break;
      case RPC_INVALID_REQUEST: msg.invalidRequest = r.value; break;
      case RPC_FATAL_ERROR: msg.fatalError = r.string(); break;
      case RPC_APPEND_RESULT:
        msg.appendResult = decodeErrorOnly(buf, r.start, r.start + r.len, 2);
        break;
      case RPC_FINALIZE_RESULT:
        msg.finalizeResult = decodeErrorOnly(buf, r.start, r.start + r.len, 1);
        break;
      case RPC_QUERY_RESULT:
        msg.queryResult = decodeQueryResult(buf, r.start, r.start + r.len);
        break;
      case RPC_STATUS: {
        const st = {loadedTraceName: '', humanReadableVersion: '', apiVersion: 0};
        const s = new ProtoReader(buf, r.start, r.start + r.len);
        while (s.next()) {
          if (s.id === 1) st.loadedTraceName = s.string();
          if (s.id === 2) st.humanReadableVersion = s.string();
          if (s.id === 3) st.apiVersion = s.value;
        }
        msg.status = st;
        break;
      }
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
        const tag = r.varint();
        if (tag !== ((1 << 3) | WIRE_LEN)) throw new Error(`bad stream tag ${tag}`);
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
