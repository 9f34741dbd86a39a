// Out of memory inside the module: every pending call must reject with a
// clear error instead of hanging. Uses weft_wasm_small_memory (a 64 MB heap
// limit; wasm/BUILD.gn) so the heap runs out after a few MB of trace.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {fileURLToPath} from 'node:url';

import {Engine} from '../../ui_bridge/engine.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SMALL = path.join(ROOT, 'out/wasm/weft_wasm_small_memory');

// ~|mb| MB of Chrome JSON, generated piece by piece.
async function* bigTrace(mb) {
  const enc = new TextEncoder();
  yield enc.encode('{"traceEvents":[');
  let bytes = 0;
  for (let i = 0; bytes < mb << 20; i++) {
    const ev = [];
    for (let j = 0; j < 1000; j++) {
      const n = i * 1000 + j;
      ev.push(JSON.stringify({name: `slice${n % 5000}`, cat: 'c', ph: 'X', ts: n * 10, dur: 5,
        pid: 1, tid: 1 + (n % 64), args: {n, s: `value ${n}`}}));
    }
    const chunk = enc.encode((i ? ',' : '') + ev.join(','));
    bytes += chunk.length;
    yield chunk;
  }
  yield enc.encode(']}');
}

test('out of memory rejects every pending call', {timeout: 120000}, async () => {
  assert.ok(fs.existsSync(`${SMALL}.wasm`), `${SMALL}.wasm not found: build it with tools/build wasm`);
  const engine = await Engine.create({
    moduleJs: `${SMALL}.js`, moduleWasm: `${SMALL}.wasm`, bufSize: 1 << 20,
  });
  try {
    const load = engine.load(bigTrace(200), {sliceSize: 1 << 20});
    // Queued behind the load: must not wait forever.
    const status = engine.status();
    const rows = engine.query('select count(*) from slice').toArray();
    const outcomes = await Promise.allSettled([load, status, rows]);
    for (const o of outcomes) {
      assert.equal(o.status, 'rejected');
      assert.match(o.reason.message, /out of memory: the wasm heap is exhausted/);
    }
    // Calls made afterwards fail at once.
    await assert.rejects(engine.status(), /out of memory/);
  } finally {
    engine.close();
  }
});
