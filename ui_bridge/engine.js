// Engine: the JS API over the weft wasm module running in a worker (Web
// Worker in browsers, worker_threads in Node). Requests are RPC protocol
// bytes (protocol.js); the worker answers in order, so requests queue up
// naturally and several queries may be pending at once. Calls made while
// a load is in progress run after it.
//
//   const engine = await Engine.create();
//   const {loadWarning} = await engine.load(source, {onProgress});  // bytes / Blob / stream / path
//   for await (const batch of engine.query(sql)) ...  // or .rows(), .toArray()
//   await engine.status(); await engine.restoreInitialTables();
//   await engine.reset(); engine.close();
// Reference: docs/bridge.md

import {Method, CellType, RpcStreamDecoder, decodeRpc, encodeAppend, encodeQuery,
  encodeRequest, encodeReset, readVarint} from './protocol.js';
import {importNode, isNode, readSlices} from './sources.js';
import {decodeMetricResult, encodeComputeMetric} from './metrics.js';

export const DEFAULT_SLICE_SIZE = 32 << 20;

const NUMERIC_CELLS = (1 << CellType.CELL_VARINT) | (1 << CellType.CELL_FLOAT64);

function defaultModuleUrls() {
  return {
    moduleJs: new URL('../out/wasm/weft_wasm.js', import.meta.url).href,
    moduleWasm: new URL('../out/wasm/weft_wasm.wasm', import.meta.url).href,
  };
}

// Wraps a Worker of either platform as {post, terminate} plus callbacks.
// |workerUrl| overrides where worker.js is served from; otherwise the
// literal new Worker(new URL(...)) pattern lets bundlers find the file.
async function startWorker(workerUrl, onMessage, onError) {
  if (isNode) {
    const {Worker} = await importNode('worker_threads');
    const w = new Worker(workerUrl || new URL('./worker.js', import.meta.url));
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', (code) => onError(new Error(`engine worker exited (code ${code})`)));
    return {post: (m, t) => w.postMessage(m, t), terminate: () => w.terminate()};
  }
  const w = workerUrl ? new Worker(workerUrl, {type: 'module'})
      : new Worker(new URL('./worker.js', import.meta.url), {type: 'module'});
  w.onmessage = (e) => onMessage(e.data);
  w.onerror = (e) => onError(new Error(e.message || 'engine worker error'));
  return {post: (m, t) => w.postMessage(m, t), terminate: () => w.terminate()};
}

// One batch of query rows: whole rows of one result set.
export class Batch {
  constructor(resultIndex, columns, raw) {
    this.resultIndex = resultIndex;  // Which statement with output (0-based).
    this.columns = columns;           // Column names.
    const n = columns.length;
    this.numRows = n ? raw.cellTypes.length / n : 0;
    this.cellTypes = raw.cellTypes;   // Uint8Array of CellType, row-major.
    this._raw = raw;
    this._columnData = null;
  }

  // Values of column |i|: a Float64Array when every cell is a float or an
  // exact integer, otherwise an Array of null / number / bigint / string /
  // Uint8Array.
  column(i) {
    if (!this._columnData) this._decodeColumns();
    return this._columnData[i];
  }

  // One pass over the row-major cells, writing each value straight into
  // its column: no per-cell objects, varints read in place.
  _decodeColumns() {
    const n = this.columns.length;
    const rows = this.numRows;
    const {cellTypes, varints, float64s, strings, blobs} = this._raw;
    // Which cell types each column holds: all numbers -> Float64Array.
    const seen = new Uint8Array(n);
    for (let k = 0, c = 0; k < cellTypes.length; k++) {
      seen[c] |= 1 << cellTypes[k];
      if (++c === n) c = 0;
    }
    const cols = [];
    for (let c = 0; c < n; c++) {
      cols.push((seen[c] & ~NUMERIC_CELLS) === 0
          ? new Float64Array(rows) : new Array(rows).fill(null));
    }
    let vp = 0, fi = 0, si = 0, bi = 0;
    for (let r = 0, k = 0; r < rows; r++) {
      for (let c = 0; c < n; c++, k++) {
        switch (cellTypes[k]) {
          case CellType.CELL_VARINT: {
            let v = 0, mul = 1, b, len = 0;
            do {  // Up to 7 bytes (< 2^49) here; longer ones (negative, huge) below.
              b = varints[vp + len++];
              v += (b & 0x7f) * mul;
              mul *= 128;
            } while (b >= 0x80 && len < 7);
            if (b < 0x80) {
              vp += len;
            } else {
              const long = readVarint(varints, vp);
              v = long.value;
              vp = long.end;
              if (typeof v === 'bigint' && cols[c] instanceof Float64Array) {
                cols[c] = Array.from(cols[c]);
              }
            }
            cols[c][r] = v;
            break;
          }
          case CellType.CELL_FLOAT64: cols[c][r] = float64s[fi++]; break;
          case CellType.CELL_STRING: cols[c][r] = strings[si++]; break;
          case CellType.CELL_BLOB: cols[c][r] = blobs[bi++]; break;
          // NULL: already null.
        }
      }
    }
    this._columnData = cols;
  }

  // Rows as arrays of values (in column order).
  *rowArrays() {
    const n = this.columns.length;
    const cols = [];
    for (let c = 0; c < n; c++) cols.push(this.column(c));
    for (let r = 0; r < this.numRows; r++) {
      const row = new Array(n);
      for (let c = 0; c < n; c++) row[c] = cols[c][r];
      yield row;
    }
  }

  // Rows as objects keyed by column name.
  *rows() {
    for (const arr of this.rowArrays()) {
      const obj = {};
      this.columns.forEach((name, c) => { obj[name] = arr[c]; });
      yield obj;
    }
  }
}

// The streamed result of engine.query(): an async iterator of Batch.
// Iteration throws the engine's error message (with the SQL position) after
// the batches that arrived before the error.
export class QueryResult {
  constructor() {
    this._queue = [];
    this._waiter = null;
    this._done = false;
    this._error = null;
    this._resultIndex = -1;
    this._columns = [];
  }

  // Called by the engine with each decoded QueryResult message.
  _onMessage(qr) {
    if (qr.columnNames.length) {
      this._resultIndex++;
      this._columns = qr.columnNames;
    }
    for (const raw of qr.batches) {
      // An empty batch that starts a result set still announces its columns.
      if (raw.cellTypes.length || qr.columnNames.length) {
        this._queue.push(new Batch(this._resultIndex, this._columns, raw));
      }
      if (raw.isLastBatch) this._done = true;
    }
    if (qr.error) {
      this._error = new Error(qr.error);
      this._done = true;
    }
    this._wake();
  }

  _fail(err) {
    if (this._done) return;
    this._error = err;
    this._done = true;
    this._wake();
  }

  get finished() { return this._done; }

  _wake() {
    const w = this._waiter;
    this._waiter = null;
    if (w) w();
  }

  async *[Symbol.asyncIterator]() {
    for (;;) {
      if (this._queue.length) {
        yield this._queue.shift();
        continue;
      }
      if (this._done) {
        if (this._error) throw this._error;
        return;
      }
      await new Promise((resolve) => { this._waiter = resolve; });
    }
  }

  // Row objects of every result set.
  async *rows() {
    for await (const batch of this) yield* batch.rows();
  }

  // All row objects (of every result set) in an array.
  async toArray() {
    const out = [];
    for await (const row of this.rows()) out.push(row);
    return out;
  }

  // [{columns, rows: [[...values]]}] for each statement that returned rows.
  async resultSets() {
    const sets = [];
    for await (const batch of this) {
      if (batch.resultIndex >= sets.length) sets.push({columns: batch.columns, rows: []});
      const set = sets[sets.length - 1];
      for (const row of batch.rowArrays()) set.rows.push(row);
    }
    return sets;
  }
}

export class Engine {
  // options: {moduleJs, moduleWasm, workerUrl (URLs or paths), bufSize}
  static async create(options = {}) {
    const engine = new Engine();
    await engine._start(options);
    return engine;
  }

  // Connects to a running `weft --httpd` (docs/http_server.md) through its
  // WebSocket, e.g. ws://127.0.0.1:9001/websocket: the same RPC protocol,
  // answered by the native engine (no wasm heap limit) over the trace the
  // server already holds. Needs a global WebSocket (browsers; Node >= 22).
  static async connect(url) {
    const engine = new Engine();
    await engine._connect(url);
    return engine;
  }

  constructor() {
    this._seq = 0;
    this._rxSeq = 0;
    // Requests in the order sent: the engine answers them in that order, so
    // each response belongs to the oldest unanswered request (as in the
    // Perfetto UI; response seq numbers count on their own).
    this._pending = [];  // {resolve, reject, query?}
    this._dead = null;          // Error once the engine is unusable.
    this._heapBytes = 0;        // wasm memory size after the last response.
    this._fatal = '';
    this._decoder = new RpcStreamDecoder((buf, s, e) => this._onResponse(buf, s, e));
    // Requests made while a load is in progress wait for it to finish, so
    // they see the whole trace. Settles when the current load ends.
    this._barrier = Promise.resolve();
  }

  async _start(options) {
    const urls = defaultModuleUrls();
    let readyResolve, readyReject;
    const ready = new Promise((res, rej) => { readyResolve = res; readyReject = rej; });
    this._readyReject = readyReject;
    this._worker = await startWorker(options.workerUrl, (msg) => {
      if (msg.type === 'ready') readyResolve();
      else if (msg.type === 'rpc') this._onRpc(msg);
      else if (msg.type === 'dead') this._die(new Error(this._fatal || msg.message));
    }, (err) => this._die(err));
    this._worker.post({
      type: 'init',
      moduleJs: String(options.moduleJs || urls.moduleJs),
      moduleWasm: String(options.moduleWasm || urls.moduleWasm),
      bufSize: options.bufSize || DEFAULT_SLICE_SIZE + (64 << 10),
    });
    await ready;
  }

  async _connect(url) {
    if (typeof WebSocket === 'undefined') throw new Error('no WebSocket in this JavaScript runtime');
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = () => reject(new Error(`cannot connect to ${url} (is weft -D running?)`));
    });
    ws.onmessage = (e) => this._onBytes(new Uint8Array(e.data));
    ws.onerror = () => this._die(new Error(`the connection to ${url} failed`));
    ws.onclose = () => this._die(new Error(`the connection to ${url} closed`));
    this._worker = {post: (m) => ws.send(m.bytes), terminate: () => ws.close()};
  }

  _die(err) {
    if (this._dead) return;
    this._dead = err;
    if (this._readyReject) this._readyReject(err);
    for (const p of this._pending) {
      if (p.query) p.query._fail(err);
      p.reject(err);
    }
    this._pending = [];
  }

  _onRpc({chunks, heapBytes}) {
    this._heapBytes = heapBytes;
    for (const c of chunks) this._onBytes(c);
  }

  _onBytes(bytes) {
    try {
      this._decoder.push(bytes);
    } catch (e) {
      this._die(new Error(`malformed response from the engine: ${e.message}`));
    }
  }

  _onResponse(buf, start, end) {
    const msg = decodeRpc(buf, start, end);
    if (msg.fatalError) {
      // The request stream is unusable (or the module ran out of memory).
      this._fatal = msg.fatalError;
      this._die(new Error(msg.fatalError));
      return;
    }
    if (msg.seq !== this._rxSeq + 1 && this._rxSeq !== 0 && msg.seq !== 0) {
      this._die(new Error(`RPC sequence id mismatch cur=${msg.seq} last=${this._rxSeq}`));
      return;
    }
    this._rxSeq = msg.seq;
    const p = this._pending[0];
    if (!p) return;
    if (msg.invalidRequest !== undefined) {
      this._pending.shift();
      p.reject(new Error(`the engine does not implement method ${msg.invalidRequest}`));
      return;
    }
    if (p.query) {
      if (!msg.queryResult) return;
      p.query._onMessage(msg.queryResult);
      if (p.query.finished) {
        this._pending.shift();
        p.resolve();
      }
      return;
    }
    this._pending.shift();
    p.resolve(msg);
  }

  // Sends one request; resolves with the decoded response message.
  _request(bytesForSeq, query = null) {
    if (this._dead) return Promise.reject(this._dead);
    const seq = ++this._seq;
    const bytes = bytesForSeq(seq);
    const promise = new Promise((resolve, reject) => {
      this._pending.push({resolve, reject, query});
    });
    this._worker.post({type: 'rpc', bytes}, [bytes.buffer]);
    return promise;
  }

  // Loads a trace: Uint8Array, ArrayBuffer, Blob/File, ReadableStream, async
  // iterable of bytes or (Node) a file path. Sends it in slices, two in
  // flight at a time. onProgress({bytesDone, total}) after each slice
  // (total undefined for streams). Rejects with the engine's parse error.
  // Resolves with {loadWarning}: '' for an intact trace; for a damaged one
  // (cut short, or unreadable from some byte on) the engine loaded what
  // precedes the damage and says so, e.g. "trace truncated at byte N:
  // showing what precedes it (...)".
  load(source, options = {}) {
    const loading = this._barrier.then(() => this._load(source, options));
    this._barrier = loading.catch(() => {});
    return loading;
  }

  // {noProfileCalls: true} loads V8 CPU profiles as samples only, without
  // JS profile calls in the thread tracks (the shell's --no-profile-calls);
  // it resets the engine first (use reset() to combine it with others).
  async _load(source, {onProgress, sliceSize = DEFAULT_SLICE_SIZE, noProfileCalls = false} = {}) {
    if (noProfileCalls) await this._request((seq) => encodeReset(seq, {noProfileCalls}));
    const slices = readSlices(source, sliceSize);
    const settle = async ({appended, bytesDone, total}) => {
      const res = await appended;
      if (res.appendResult?.error) throw new Error(res.appendResult.error);
      if (onProgress) onProgress({bytesDone, total});
    };
    try {
      let next = slices.next();
      let sent = null;  // The slice sent before this one, not yet answered.
      for (;;) {
        const {done, value} = await next;
        if (done) break;
        const {slice, bytesDone, total} = value;
        // Two slices in flight: when the engine is done with one, the next
        // is already queued (not encoded and posted only then).
        const appended = this._request((seq) => encodeAppend(seq, slice));
        appended.catch(() => {});  // Seen by settle(), unless an earlier slice fails first.
        // Read the next slice while the engine parses these.
        next = slices.next();
        next.catch(() => {});  // Seen by the await above, unless we fail first.
        if (sent) await settle(sent);
        sent = {appended, bytesDone, total};
      }
      if (sent) await settle(sent);
    } finally {
      await slices.return();
    }
    const fin = await this._request(
        (seq) => encodeRequest(seq, Method.TPM_FINALIZE_TRACE_DATA));
    if (fin.finalizeResult?.error) throw new Error(fin.finalizeResult.error);
    return {loadWarning: fin.finalizeResult?.loadWarning || ''};
  }

  // Runs SQL (one or more statements); see QueryResult.
  query(sql) {
    const result = new QueryResult();
    this._barrier.then(() => this._request((seq) => encodeQuery(seq, sql), result))
        .catch((e) => result._fail(e));
    return result;
  }

  // Runs an analysis (docs/analysis.md): built-in |name| when |sql| is
  // omitted, else |sql| as analysis |name|. Its rows become derived events
  // or annotations. Resolves to "slices=N counters=N annotations=N tracks=N".
  async runAnalysis(name, sql = null) {
    const text = (v) => `'${String(v).replace(/'/g, "''")}'`;
    const call = sql === null ? `run_analysis(${text(name)})`
        : `run_analysis(${text(name)}, ${text(sql)})`;
    const rows = await this.query(`select ${call} as result`).toArray();
    return rows[0].result;
  }

  // Runs every built-in analysis that derives events (the shell's
  // --derived-events); resolves when their tracks are in the layout.
  async deriveEvents() {
    await this.query(
        'select run_analysis(name) from builtin_analysis where derives_events').toArray();
  }

  // {loadedTraceName, humanReadableVersion, apiVersion, wasmHeapBytes}:
  // the StatusResult plus the size of the module's memory (it only grows;
  // the 4 GB wasm limit bounds it).
  async status() {
    await this._barrier;
    const res = await this._request((seq) => encodeRequest(seq, Method.TPM_GET_STATUS));
    return {...res.status, wasmHeapBytes: this._heapBytes};
  }

  // Computes metrics (docs/metrics.md): format 'text' or 'json' resolves
  // with a string, 'binary' with the TraceMetrics bytes (Uint8Array).
  // options.userMetrics: [{name, sql, descriptorSet}] metrics of the user's
  // to register first. Rejects with the engine's error.
  async metric(names, format = 'text', options = {}) {
    await this._barrier;
    const res = await this._request(
        (seq) => encodeComputeMetric(seq, names, format, options.userMetrics || []));
    if (!res.metricResult) throw new Error('no metric result in the response');
    const result = decodeMetricResult(res.metricResult, 0, res.metricResult.length);
    if (result.error) throw new Error(result.error);
    return format === 'binary' ? result.metrics : result.text;
  }

  // Drops the loaded trace; the engine can load another one. Options for
  // the next trace: {cropTrackEvents} drops protobuf TrackEvents before the
  // trace's range of interest (the shell's --crop-track-events);
  // {analyzeTraceProtoContent} adds the TrackEvent annotation arg sets (the
  // shell's --analyze-trace-proto-content); {fullSort} sorts a protobuf
  // trace as one window (the shell's --full-sort); {noProfileCalls} keeps
  // CPU profiles as samples only (the shell's --no-profile-calls);
  // {noFtraceRaw} leaves ftrace_event (raw) empty (the shell's --no-ftrace-raw).
  async reset(options = {}) {
    await this._barrier;
    await this._request((seq) => encodeReset(seq, options));
  }

  // Drops every table, view and function SQL created since the load
  // (Perfetto's RestoreInitialTables); the trace's tables stay.
  async restoreInitialTables() {
    await this._barrier;
    await this._request((seq) => encodeRequest(seq, Method.TPM_RESTORE_INITIAL_TABLES));
  }

  // False once the engine is closed or its worker died.
  get alive() { return !this._dead; }

  close() {
    this._die(new Error('engine closed'));
    if (this._worker) this._worker.terminate();
  }
}
