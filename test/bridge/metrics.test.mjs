// Metrics through the JS bridge (docs/metrics.md): Engine.metric() over the
// wasm module in the three formats, and a user's metric (SQL + the
// descriptor set of its .proto, compiled here with protoc).
// `node --test test/bridge/`; needs out/wasm/weft_wasm.* (tools/build wasm).
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {fileURLToPath} from 'node:url';

import {Engine} from '../../ui_bridge/engine.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEFT = path.join(ROOT, 'out/host/weft');
const STATS_TRACE = path.join(ROOT, 'test/diff/metrics/trace_stats/trace.json');
const USER_CASE = path.join(ROOT, 'test/metrics/user_metric');

async function withEngine(trace, fn) {
  const engine = await Engine.create();
  try {
    await engine.load(trace);
    return await fn(engine);
  } finally {
    engine.close();
  }
}

test('metric() text equals the native shell', async () => {
  const text = await withEngine(STATS_TRACE, (e) => e.metric(['trace_stats'], 'text'));
  assert.match(text, /severity: SEVERITY_ERROR/);
  if (fs.existsSync(WEFT)) {
    const native = execFileSync(WEFT, ['--run-metrics', 'trace_stats', STATS_TRACE], {encoding: 'utf8'});
    assert.equal(text, native);
  }
});

test('metric() binary and json', async () => {
  await withEngine(STATS_TRACE, async (e) => {
    const bytes = await e.metric(['trace_stats'], 'binary');
    assert.ok(bytes instanceof Uint8Array && bytes.length > 0);
    // TraceMetrics.trace_stats is field 33, length-delimited: tag 33 * 8 + 2.
    assert.deepEqual([...bytes.subarray(0, 2)], [0x8a, 0x02]);
    const json = JSON.parse(await e.metric(['trace_stats'], 'json'));
    assert.ok(json.trace_stats.stat.some((s) => s.name === 'json_parser_failure'));
  });
});

test('metric() rejects an unknown metric with the engine error', async () => {
  await withEngine(STATS_TRACE, async (e) => {
    await assert.rejects(e.metric(['no_such_metric'], 'text'), /unknown metric no_such_metric/);
  });
});

test('a user metric runs through the bridge like a built-in one', async () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-metric-')), 'set.pb');
  execFileSync('protoc', ['-I', USER_CASE, '-I', path.join(ROOT, 'protos'),
    `--descriptor_set_out=${out}`, 'my_metric.proto']);
  const userMetrics = [{
    name: 'my_metric',
    sql: fs.readFileSync(path.join(USER_CASE, 'my_metric.sql'), 'utf8'),
    descriptorSet: new Uint8Array(fs.readFileSync(out)),
  }];
  const text = await withEngine(path.join(USER_CASE, 'trace.json'),
      (e) => e.metric(['my_metric'], 'text', {userMetrics}));
  assert.equal(text, fs.readFileSync(path.join(USER_CASE, 'expected.txt'), 'utf8'));
});
