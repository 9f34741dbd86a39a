#!/usr/bin/env node
// Benchmark of the wasm module through the bridge in Node (issue 7):
//   ingest MB/s (Engine.load: worker + wasm) and its ratio to the native
//   shell, query throughput of `select * from slice` in cells/s decoded in
//   JS (every column of every batch), module size (raw and gzipped), cold
//   start to the first query, and the wasm heap a trace needs (trace bytes
//   per heap byte, and the largest trace that fits the 4 GB wasm memory).
//
//   node test/bridge/bench_ingest.js TRACE [--reps N] [--slice BYTES]
//        [--small TRACE2] [--native PATH|none] [--json OUT.json]
//
// Times are the best of --reps runs (default 3): the machine is shared.
// --small: a second, smaller trace of the same kind; the heap estimate then
// fits a line through both sizes instead of assuming heap ∝ trace size.
// Use sizes of 200 MB and more (e.g. 800 MB with --small 200 MB): the heap
// of small traces is mostly fixed costs (the 32 MiB request buffer, growth
// steps), and big arrays grow by doubling.
// Make a trace with ../shared/bench/gen_chrome_json.py OUT SIZE_MB.
// --json writes the figures (tools/bench reads them); the times of every run
// are kept there, so a noisy machine shows as a range.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import zlib from 'node:zlib';

import {Engine} from '../../ui_bridge/engine.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WASM = path.join(ROOT, 'out/wasm/weft_wasm.wasm');
const WASM_LIMIT = 4 * 2 ** 30;
const MB = 2 ** 20;

function parseArgs(argv) {
  const opts = {reps: 3, slice: undefined, small: null,
    native: path.join(ROOT, 'out/host/weft'), trace: null, json: null};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--reps') opts.reps = Number(argv[++i]);
    else if (a === '--slice') opts.slice = Number(argv[++i]);
    else if (a === '--small') opts.small = argv[++i];
    else if (a === '--native') opts.native = argv[++i];
    else if (a === '--json') opts.json = argv[++i];
    else if (!opts.trace && !a.startsWith('--')) opts.trace = a;
    else if (opts.slice === undefined && /^\d+$/.test(a)) opts.slice = Number(a);  // Old form.
    else throw new Error(`unknown argument ${a}`);
  }
  if (!opts.trace) {
    console.error('usage: bench_ingest.js TRACE [--reps N] [--slice BYTES] [--small TRACE2] ' +
        '[--native PATH|none]');
    process.exit(2);
  }
  return opts;
}

const seconds = (t0) => (performance.now() - t0) / 1000;
// CPU seconds of this process (main thread and worker) since |c0|: on a
// busy machine wall times mostly measure the other processes.
const cpuSeconds = (c0) => {
  const {user, system} = process.cpuUsage(c0);
  return (user + system) / 1e6;
};

// Loads |trace| in a fresh engine; returns {secs, cpuSecs, heapBytes, engine}.
async function timedLoad(trace, slice) {
  const engine = await Engine.create();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await engine.load(trace, slice ? {sliceSize: slice} : {});
  const secs = seconds(t0);
  const cpuSecs = cpuSeconds(c0);
  const {wasmHeapBytes} = await engine.status();
  return {secs, cpuSecs, heapBytes: wasmHeapBytes, engine};
}

// Runs `select * from slice`, decoding every column; returns {cells, secs,
// cpuSecs}.
async function timedQuery(engine) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let cells = 0;
  for await (const batch of engine.query('select * from slice')) {
    for (let c = 0; c < batch.columns.length; c++) batch.column(c);
    cells += batch.cellTypes.length;
  }
  return {cells, secs: seconds(t0), cpuSecs: cpuSeconds(c0)};
}

// Module instantiation (worker + compile) and a query on the empty trace.
async function coldStart() {
  const t0 = performance.now();
  const engine = await Engine.create();
  await engine.query('select 1').toArray();
  const secs = seconds(t0);
  engine.close();
  return secs;
}

// {secs, cpuSecs}: the load time weft --stats reports, and the process's
// CPU time from /usr/bin/time (null without it).
function nativeLoad(native, trace) {
  const time = fs.existsSync('/usr/bin/time');
  const argv = [native, '--stats', '-Q', 'select 1', trace];
  const {stderr: out} = spawnSync(time ? '/usr/bin/time' : argv.shift(),
      time ? ['-f', 'cpu %U %S', ...argv] : argv,
      {encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe']});
  // weft --stats: "weft: loaded 200.0 MB in 1.529 s (130.8 MB/s), ..."
  const m = / in ([\d.]+) s/.exec(out);
  if (!m) throw new Error(`unexpected --stats output: ${out}`);
  const cpu = /^cpu ([\d.]+) ([\d.]+)$/m.exec(out);
  return {secs: Number(m[1]), cpuSecs: cpu ? Number(cpu[1]) + Number(cpu[2]) : null};
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const bytes = fs.statSync(opts.trace).size;
  const mb = bytes / MB;
  const best = (xs) => Math.min(...xs);

  const wasm = fs.readFileSync(WASM);
  const gz = zlib.gzipSync(wasm, {level: 9}).length;
  const res = {trace: opts.trace, traceBytes: bytes, moduleBytes: wasm.length, moduleGzipBytes: gz};
  console.log(`module:     ${(wasm.length / 1e6).toFixed(2)} MB raw, ` +
      `${(gz / 1e6).toFixed(2)} MB gzipped (${path.relative(ROOT, WASM)})`);

  const cold = [];
  for (let i = 0; i < opts.reps; i++) cold.push(await coldStart());
  res.coldStartSecs = cold;
  console.log(`cold start: ${(best(cold) * 1000).toFixed(0)} ms to the first query ` +
      '(worker, module instantiate, `select 1` on the empty trace)');

  const loads = [];
  const loadCpu = [];
  const queries = [];
  const queryCpu = [];
  let heapBytes = 0;
  let cells = 0;
  for (let i = 0; i < opts.reps; i++) {
    const run = await timedLoad(opts.trace, opts.slice);
    loads.push(run.secs);
    loadCpu.push(run.cpuSecs);
    heapBytes = run.heapBytes;
    await timedQuery(run.engine);  // Warm-up: the first query of an engine runs colder code.
    const q = await timedQuery(run.engine);
    queries.push(q.secs);
    queryCpu.push(q.cpuSecs);
    cells = q.cells;
    run.engine.close();
  }
  const wasmRate = mb / best(loads);
  Object.assign(res, {loadSecs: loads, loadCpuSecs: loadCpu, querySecs: queries,
    queryCpuSecs: queryCpu, cells, heapBytes, ingestMBps: wasmRate,
    cellsPerSec: cells / best(queries)});
  let line = `ingest:     ${mb.toFixed(1)} MB in ${best(loads).toFixed(2)} s = ` +
      `${wasmRate.toFixed(1)} MB/s through the bridge`;
  if (opts.native !== 'none' && fs.existsSync(opts.native)) {
    const nat = [];
    for (let i = 0; i < opts.reps; i++) nat.push(nativeLoad(opts.native, opts.trace));
    const natRate = mb / best(nat.map((n) => n.secs));
    Object.assign(res, {nativeLoadSecs: nat.map((n) => n.secs), nativeMBps: natRate,
      ratio: wasmRate / natRate});
    line += `; native ${natRate.toFixed(1)} MB/s; ratio ${(wasmRate / natRate).toFixed(2)}x`;
    if (nat.every((n) => n.cpuSecs !== null)) {
      // Per CPU second: the bridge's two threads against the native process.
      const cpuRatio = best(nat.map((n) => n.cpuSecs)) / best(loadCpu);
      res.nativeCpuSecs = nat.map((n) => n.cpuSecs);
      res.cpuRatio = cpuRatio;
      line += `\n            per CPU second: ${(mb / best(loadCpu)).toFixed(1)} MB through the ` +
          `bridge, ${(mb / best(res.nativeCpuSecs)).toFixed(1)} MB native; ratio ${cpuRatio.toFixed(2)}x`;
    }
  }
  console.log(line);
  console.log(`query:      select * from slice: ${cells} cells in ${best(queries).toFixed(2)} s = ` +
      `${(cells / best(queries) / 1e6).toFixed(1)} M cells/s decoded in JS; ` +
      `${(cells / best(queryCpu) / 1e6).toFixed(1)} M cells per CPU second (both threads)`);

  // Heap: the module's memory size after loading (it only grows).
  let perByte = heapBytes / bytes;  // Heap bytes per trace byte, through 0.
  let fixed = 0;
  let how = 'heap proportional to trace size';
  if (opts.small) {
    const small = await timedLoad(opts.small, opts.slice);
    small.engine.close();
    const smallBytes = fs.statSync(opts.small).size;
    perByte = (heapBytes - small.heapBytes) / (bytes - smallBytes);
    fixed = heapBytes - perByte * bytes;
    how = `line through ${(smallBytes / MB).toFixed(0)} MB -> ` +
        `${(small.heapBytes / MB).toFixed(0)} MB heap`;
  }
  const maxTrace = (WASM_LIMIT - fixed) / perByte;
  Object.assign(res, {traceBytesPerHeapByte: bytes / heapBytes, maxTraceBytes: maxTrace});
  if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(res, null, 1));
  console.log(`memory:     ${(heapBytes / MB).toFixed(0)} MB wasm heap for ${mb.toFixed(0)} MB ` +
      `of trace: ${(bytes / heapBytes).toFixed(2)} trace bytes per heap byte`);
  console.log(`            largest trace within 4 GB: ~${(maxTrace / 1e9).toFixed(1)} GB ` +
      `(${how})`);
}

await main();
