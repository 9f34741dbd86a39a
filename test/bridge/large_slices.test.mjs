// Slicing of a trace larger than the biggest slice: loading a ~66 MiB trace
// in slices of 64 MiB and around the 32 MiB default must give the same
// tables (every cut lands somewhere else inside a JSON event).
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {DEFAULT_SLICE_SIZE, Engine} from '../../ui_bridge/engine.js';

const MIB = 1 << 20;

// A Chrome JSON trace of at least |minBytes|: nested X slices and B/E pairs
// on 16 threads, counters, instants, and args with escapes and non-ASCII.
function makeLargeTrace(minBytes) {
  const parts = ['{"traceEvents":[\n{"name":"process_name","ph":"M","pid":1,"args":{"name":"big"}}'];
  let size = parts[0].length;
  for (let i = 0; size < minBytes; i++) {
    const tid = 1 + (i % 16);
    const ts = i * 10;
    const piece =
        `,\n{"name":"task${i % 97}","cat":"c","ph":"X","ts":${ts},"dur":9,"pid":1,"tid":${tid},` +
        `"args":{"i":${i},"s":"v\\"${i % 13}\\u00e9\u00fc","f":${i / 7}}}` +
        `,\n{"name":"inner","ph":"B","ts":${ts + 1},"pid":1,"tid":${tid}}` +
        `,\n{"ph":"E","ts":${ts + 4},"pid":1,"tid":${tid}}` +
        (i % 5 === 0 ? `,\n{"name":"ctr","ph":"C","ts":${ts},"pid":1,"args":{"v":${i % 1000}}}` : '') +
        (i % 11 === 0 ? `,\n{"name":"mark","ph":"i","s":"t","ts":${ts + 2},"pid":1,"tid":${tid}}` : '');
    parts.push(piece);
    size += piece.length;  // Close enough: one non-ASCII char per event.
  }
  parts.push('\n]}\n');
  return new TextEncoder().encode(parts.join(''));
}

const DIGEST_SQL = `
  select count(*), sum(ts), sum(dur), sum(depth), count(distinct name) from slice;
  select count(*), sum(value) from counter;
  select key, count(*), sum(int_value), sum(real_value), count(distinct string_value)
    from args group by key order by key;
  select utid, tid from thread order by utid`;

async function loadDigest(engine, bytes, sliceSize) {
  await engine.reset();
  await engine.load(bytes, {sliceSize});
  return JSON.stringify(await engine.query(DIGEST_SQL).resultSets());
}

test('slices of 64 MiB and around 32 MiB give the same tables', {timeout: 120000}, async () => {
  const trace = makeLargeTrace(65 * MIB);
  assert.ok(trace.length > 64 * MIB);
  const engine = await Engine.create();
  try {
    const expected = await loadDigest(engine, trace, DEFAULT_SLICE_SIZE);
    const [slices] = JSON.parse(expected);
    assert.equal(slices.rows[0][4], 99, 'distinct slice names: 97 tasks, inner, mark');
    for (const sliceSize of [64 * MIB, DEFAULT_SLICE_SIZE - 1, DEFAULT_SLICE_SIZE + 1]) {
      assert.equal(await loadDigest(engine, trace, sliceSize), expected, `slice size ${sliceSize}`);
    }
  } finally {
    engine.close();
  }
});
