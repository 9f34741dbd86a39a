#!/usr/bin/env node
// Ingest speed through the bridge in Node: loads a trace with Engine.load
// (worker + wasm module) and prints MB/s, then times `select * from slice`
// decoding in cells/s.   node test/bridge/bench_ingest.js TRACE [SLICE_BYTES]
import fs from 'node:fs';
import {Engine} from '../../ui_bridge/engine.js';

const [trace, slice] = process.argv.slice(2);
const bytes = fs.statSync(trace).size;
const engine = await Engine.create();
let t0 = performance.now();
await engine.load(trace, slice ? {sliceSize: Number(slice)} : {});
const secs = (performance.now() - t0) / 1000;
const mb = bytes / (1 << 20);
console.log(`load: ${mb.toFixed(1)} MB in ${secs.toFixed(2)} s = ${(mb / secs).toFixed(1)} MB/s`);
t0 = performance.now();
let cells = 0;
for await (const batch of engine.query('select * from slice')) {
  for (let c = 0; c < batch.columns.length; c++) batch.column(c);
  cells += batch.cellTypes.length;
}
const qs = (performance.now() - t0) / 1000;
console.log(`query: ${cells} cells in ${qs.toFixed(2)} s = ${(cells / qs / 1e6).toFixed(1)} M cells/s`);
engine.close();
