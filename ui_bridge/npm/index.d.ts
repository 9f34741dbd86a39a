// Types of the @weft/engine package: the Engine API of ui_bridge/engine.js.
// Reference: docs/bridge.md

/** A cell value: null, number, bigint (integers beyond 2^53), string or blob. */
export type CellValue = null | number | bigint | string | Uint8Array;

/** A row keyed by column name. */
export type Row = Record<string, CellValue>;

/** A trace to load. A string is a file path (Node only). */
export type TraceSource =
  | Uint8Array
  | ArrayBuffer
  | Blob
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>
  | string;

export interface LoadProgress {
  /** Source bytes sent to the engine so far. */
  bytesDone: number;
  /** The source's size; undefined for streams. */
  total: number | undefined;
}

export interface LoadOptions {
  /** Called after each slice the engine has parsed. */
  onProgress?: (progress: LoadProgress) => void;
  /** Bytes per slice sent to the engine (default DEFAULT_SLICE_SIZE, 32 MiB). */
  sliceSize?: number;
}

export interface LoadResult {
  /** '' for an intact trace; for a damaged one, what was loaded and why. */
  loadWarning: string;
}

export interface EngineOptions {
  /** URL (or Node path) of weft_wasm.cjs, the module's loader. */
  moduleJs?: string | URL;
  /** URL (or Node path) of weft_wasm.wasm. */
  moduleWasm?: string | URL;
  /** URL (or Node path) of worker.js. */
  workerUrl?: string | URL;
  /** Bytes of the request buffer inside the module. */
  bufSize?: number;
}

/** Options of the next trace, like the native shell's flags of the same names. */
export interface ResetOptions {
  cropTrackEvents?: boolean;
  analyzeTraceProtoContent?: boolean;
  fullSort?: boolean;
  /** V8 CPU profiles as samples only, no JS profile calls (--no-profile-calls). */
  noProfileCalls?: boolean;
  /** No ftrace_event (raw) rows (--no-ftrace-raw). */
  noFtraceRaw?: boolean;
}

export interface EngineStatus {
  /** The loaded trace's format (e.g. 'json'), '' before a load. */
  loadedTraceName?: string;
  humanReadableVersion?: string;
  apiVersion?: number;
  /** Size of the wasm module's memory (0 for an engine from Engine.connect). */
  wasmHeapBytes: number;
}

export interface ResultSet {
  columns: string[];
  rows: CellValue[][];
}

/** Whole rows of one result set, streamed as the engine produces them. */
export declare class Batch {
  /** Which statement with output this batch belongs to (0-based). */
  readonly resultIndex: number;
  /** Column names. */
  readonly columns: string[];
  readonly numRows: number;
  /** A Float64Array when every cell is a number, otherwise an Array. */
  column(i: number): Float64Array | CellValue[];
  rows(): IterableIterator<Row>;
  rowArrays(): IterableIterator<CellValue[]>;
}

/** The streamed result of Engine.query(). Iteration rejects on a SQL error. */
export declare class QueryResult implements AsyncIterable<Batch> {
  [Symbol.asyncIterator](): AsyncIterator<Batch>;
  /** Row objects of every result set. */
  rows(): AsyncIterableIterator<Row>;
  /** All row objects of every result set. */
  toArray(): Promise<Row[]>;
  /** One entry per statement that returned rows. */
  resultSets(): Promise<ResultSet[]>;
  readonly finished: boolean;
}

export declare class Engine {
  /** Starts a worker running the wasm module. */
  static create(options?: EngineOptions): Promise<Engine>;
  /** Connects to a running `weft --httpd` WebSocket, e.g. ws://127.0.0.1:9001/websocket. */
  static connect(url: string): Promise<Engine>;
  /** Loads a trace and finalizes it; rejects with the engine's parse error. */
  load(source: TraceSource, options?: LoadOptions): Promise<LoadResult>;
  /** Runs every statement of `sql`. */
  query(sql: string): QueryResult;
  status(): Promise<EngineStatus>;
  /** Drops the trace; the options apply to the next load. */
  reset(options?: ResetOptions): Promise<void>;
  /** Drops every table, view and function SQL created since the load. */
  restoreInitialTables(): Promise<void>;
  /**
   * Runs metrics (docs/metrics.md): the text or JSON output, or the
   * TraceMetrics bytes for 'binary'.
   */
  metric(names: string[], format?: 'text' | 'json' | 'binary',
         options?: {userMetrics?: {name: string; sql: string; descriptorSet?: Uint8Array}[]}):
      Promise<string | Uint8Array>;
  /** Runs built-in analysis `name`, or `sql` as analysis `name` (docs/analysis.md). */
  runAnalysis(name: string, sql?: string): Promise<string>;
  /** Runs the built-in derived-event analyses. */
  deriveEvents(): Promise<void>;
  /** Stops the worker; pending calls reject. */
  close(): void;
}

/** Default bytes per slice of Engine.load (32 MiB). */
export declare const DEFAULT_SLICE_SIZE: number;
