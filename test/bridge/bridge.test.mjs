// Tests of the JS bridge (ui_bridge/) over the wasm module, with node's
// built-in runner: `node --test test/bridge/`. Needs out/wasm/weft_wasm.*
// (tools/build wasm).
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {fileURLToPath} from 'node:url';
import zlib from 'node:zlib';

import {Engine} from '../../ui_bridge/engine.js';
import {formatDouble} from '../../ui_bridge/csv.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLE = path.join(ROOT, 'test/data/example_trace.json');
const exampleBytes = new Uint8Array(fs.readFileSync(EXAMPLE));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-bridge-'));

// A ~1.5 MB trace with nesting, args, counters, instants and flows.
function makeTrace(events = 6000) {
  const ev = [];
  ev.push({name: 'process_name', ph: 'M', pid: 1, args: {name: 'P1'}});
  for (let i = 0; i < events; i++) {
    const tid = 1 + (i % 4);
    const ts = i * 10;
    ev.push({name: `outer${i % 17}`, cat: 'c', ph: 'X', ts, dur: 8, pid: 1, tid,
      args: {i, s: `v${i}`, f: i / 3}});
    ev.push({name: 'inner', cat: 'c', ph: 'X', ts: ts + 1, dur: 2, pid: 1, tid});
    if (i % 5 === 0) ev.push({name: 'ctr', ph: 'C', ts, pid: 1, args: {value: i * 0.25}});
    if (i % 7 === 0) ev.push({name: 'mark', ph: 'i', s: 't', ts: ts + 3, pid: 1, tid});
  }
  return new TextEncoder().encode(JSON.stringify({traceEvents: ev}));
}
const bigBytes = makeTrace();

// A query whose result covers most tables; returns rows as plain arrays.
const DIGEST_SQL = `
  select count(*), sum(ts), sum(dur), sum(depth), group_concat(distinct name) from slice;
  select count(*), sum(value) from counter;
  select key, count(*), sum(int_value), sum(real_value), count(string_value) from args group by key order by key;
  select utid, tid, name from thread order by utid;
  select id, name, type from track order by id`;

async function digest(engine) {
  const sets = await engine.query(DIGEST_SQL).resultSets();
  return JSON.stringify(sets, (k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

async function withEngine(fn) {
  const engine = await Engine.create();
  try {
    return await fn(engine);
  } finally {
    engine.close();
  }
}

async function loadDigest(source, opts = {}) {
  return withEngine(async (engine) => {
    await engine.load(source, opts);
    return digest(engine);
  });
}

function streamOf(bytes, piece = 1000) {
  return new ReadableStream({
    start(controller) {
      for (let off = 0; off < bytes.length; off += piece) {
        controller.enqueue(bytes.slice(off, off + piece));
      }
      controller.close();
    },
  });
}

test('every source kind gives the same tables', async () => {
  const file = path.join(tmp, 'big.json');
  fs.writeFileSync(file, bigBytes);
  const expected = await loadDigest(bigBytes);
  assert.match(expected, /outer/);
  assert.equal(await loadDigest(bigBytes.buffer.slice(0)), expected);
  assert.equal(await loadDigest(new Blob([bigBytes])), expected);
  assert.equal(await loadDigest(streamOf(bigBytes, 65537)), expected);
  assert.equal(await loadDigest(file), expected);
  assert.equal(await loadDigest((async function* () { yield bigBytes; })()), expected);
});

test('slice size does not change results', async () => {
  const small = await loadDigest(exampleBytes);
  for (const sliceSize of [1, 2, 7, 13, 4096]) {
    assert.equal(await loadDigest(exampleBytes, {sliceSize}), small, `slice ${sliceSize}`);
  }
  const big = await loadDigest(bigBytes);
  for (const sliceSize of [4096, 65536, 1 << 20, 64 << 20]) {
    assert.equal(await loadDigest(bigBytes, {sliceSize}), big, `slice ${sliceSize}`);
  }
});

test('progress events count bytes up to the total', async () => {
  await withEngine(async (engine) => {
    const events = [];
    await engine.load(bigBytes, {sliceSize: 256 << 10, onProgress: (p) => events.push(p)});
    assert.ok(events.length >= 5, `only ${events.length} events`);
    for (let i = 1; i < events.length; i++) {
      assert.ok(events[i].bytesDone >= events[i - 1].bytesDone);
    }
    assert.equal(events.at(-1).bytesDone, bigBytes.length);
    assert.ok(events.every((e) => e.total === bigBytes.length));
  });
});

test('gzip input is inflated by the module', async () => {
  const expected = await loadDigest(bigBytes);
  const gz = new Uint8Array(zlib.gzipSync(bigBytes));
  const gzFile = path.join(tmp, 'big.json.gz');
  fs.writeFileSync(gzFile, gz);
  assert.equal(await loadDigest(gz), expected);
  assert.equal(await loadDigest(gzFile, {sliceSize: 100000}), expected);
  assert.equal(await loadDigest(new Blob([gz])), expected);
  assert.equal(await loadDigest(streamOf(gz, 1)), expected);  // 1-byte stream chunks.
  // Progress counts compressed bytes.
  await withEngine(async (engine) => {
    let last;
    await engine.load(gzFile, {onProgress: (p) => { last = p; }});
    assert.deepEqual(last, {bytesDone: gz.length, total: gz.length});
  });
});

// A zip archive of |entries| ({name, data, method: 0 | 8, descriptor}):
// local headers and data, then an empty end-of-central-directory record
// (readers of a stream stop at it). CRCs are left 0: nothing checks them.
function makeZip(entries) {
  const parts = [];
  for (const {name, data, method = 8, descriptor = false} of entries) {
    const body = method === 8 ? new Uint8Array(zlib.deflateRawSync(data)) : data;
    const nameBytes = new TextEncoder().encode(name);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(descriptor ? 8 : 0, 6);
    h.writeUInt16LE(method, 8);
    h.writeUInt32LE(descriptor ? 0 : body.length, 18);
    h.writeUInt32LE(descriptor ? 0 : data.length, 22);
    h.writeUInt16LE(nameBytes.length, 26);
    parts.push(h, nameBytes, body);
    if (descriptor) {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(body.length, 8);
      d.writeUInt32LE(data.length, 12);
      parts.push(d);
    }
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  parts.push(end);
  return new Uint8Array(Buffer.concat(parts));
}

test('zip archives are inflated by the module', async () => {
  const expected = await loadDigest(bigBytes);
  const zip = makeZip([{name: 'dir/', data: new Uint8Array(0)}, {name: 'dir/t.json', data: bigBytes}]);
  const zipFile = path.join(tmp, 'big.zip');
  fs.writeFileSync(zipFile, zip);
  assert.equal(await loadDigest(zip), expected);
  assert.equal(await loadDigest(zipFile, {sliceSize: 100000}), expected);
  assert.equal(await loadDigest(streamOf(zip, 1)), expected);  // 1-byte stream chunks.
  assert.equal(await loadDigest(makeZip([{name: 's.json', data: bigBytes, method: 0}])), expected);
  // Sizes after the data (a data descriptor), as streaming zip writers do.
  assert.equal(await loadDigest(makeZip([{name: 'd.json', data: bigBytes, descriptor: true}])),
      expected);
  // The module imports the first file; later ones (even stored) are counted.
  const exampleSlices = await withEngine(async (engine) => {
    await engine.load(exampleBytes);
    return (await engine.query('select count(*) as n from slice').toArray())[0].n;
  });
  await withEngine(async (engine) => {
    let last;
    await engine.load(makeZip([{name: 'a.json', data: exampleBytes}, {name: 'b', data: bigBytes},
      {name: 'c', data: bigBytes, method: 0}]), {onProgress: (p) => { last = p; }});
    assert.equal(last.bytesDone, last.total);  // Compressed bytes.
    const rows = await engine.query(
        "select (select count(*) from slice) as n, value from stats where name = 'zip_entries_skipped'")
        .toArray();
    assert.deepEqual(rows, [{n: exampleSlices, value: 2}]);
  });
});

test('unreadable gzip and zip input rejects load with the native messages', async () => {
  const reject = (bytes, re) => withEngine((engine) => assert.rejects(engine.load(bytes), re));
  const gz = new Uint8Array(zlib.gzipSync(bigBytes));
  // Damage before anything could be inflated: not a trace.
  await reject(gz.subarray(0, 12), /gzip: the compressed stream is cut short/);
  const corruptGz = gz.slice();
  corruptGz.fill(0xff, 20, 40);
  await reject(corruptGz, /gzip: corrupt compressed data at compressed byte \d+/);
  const zip = makeZip([{name: 't.json', data: bigBytes}]);
  const corrupt = zip.slice();
  corrupt.fill(0xff, 40, 60);
  await reject(corrupt, /zip: corrupt deflate data near byte \d+/);
  const encrypted = zip.slice();
  encrypted[6] |= 1;
  await reject(encrypted, /zip: encrypted entries are not supported/);
});

// A damaged trace loads what precedes the damage; the load resolves with a
// warning saying where it stops (as the native shell's stderr line).
test('a truncated trace loads in part with a loadWarning', async () => {
  const cutAt = (bytes, n) => bytes.subarray(0, n);
  const check = (source, opts = {}) => withEngine(async (engine) => {
    const {loadWarning} = await engine.load(source, opts);
    assert.match(loadWarning, /^trace truncated at byte (\d+): showing what precedes it \(/);
    const offset = Number(loadWarning.match(/byte (\d+)/)[1]);
    const [row] = await engine.query(
        `select (select count(*) from slice) as n,
                (select value from stats where name = 'truncated_trace') as v,
                (select byte_offset from _trace_import_logs
                 where name = 'truncated_trace' order by byte_offset limit 1) as log`).toArray();
    assert.ok(row.n > 0 && row.n < 12858, `slices ${row.n}`);
    assert.equal(row.v, offset);
    assert.equal(row.log, offset);
    return row.n;
  });
  const plain = await check(cutAt(bigBytes, 700000), {sliceSize: 65536});
  const gz = new Uint8Array(zlib.gzipSync(bigBytes));
  await check(cutAt(gz, Math.floor(gz.length / 2)));
  const zip = makeZip([{name: 't.json', data: bigBytes}]);
  await check(cutAt(zip, Math.floor(zip.length / 2)));
  // The same cut in one piece or in slices of 7 bytes loads the same.
  assert.equal(await check(cutAt(bigBytes, 700000), {sliceSize: 7919}), plain);
  // An intact trace has no warning.
  await withEngine(async (engine) => {
    assert.deepEqual(await engine.load(exampleBytes), {loadWarning: ''});
  });
});

test('SQL errors reject with the engine message and position', async () => {
  await withEngine(async (engine) => {
    await engine.load(exampleBytes);
    await assert.rejects(engine.query('select 1;\nselect nope from slice').toArray(),
        {message: /no such column: nope.*line 2/});
    // Batches before the error are still delivered.
    const seen = [];
    await assert.rejects(async () => {
      for await (const b of engine.query('select 42 as x; select * from nowhere')) seen.push(b);
    }, /no such table: nowhere/);
    assert.equal(seen.length, 1);
    assert.deepEqual([...seen[0].rowArrays()], [[42]]);
    // The engine keeps working.
    assert.deepEqual(await engine.query('select 1 as one').toArray(), [{one: 1}]);
  });
});

test('reset drops the trace and allows a reload', async () => {
  await withEngine(async (engine) => {
    await engine.load(exampleBytes);
    const n1 = (await engine.query('select count(*) as n from slice').toArray())[0].n;
    assert.ok(n1 > 0);
    assert.equal((await engine.status()).loadedTraceName, 'json');
    await engine.reset();
    assert.equal((await engine.status()).loadedTraceName, '');
    assert.deepEqual(await engine.query('select count(*) as n from slice').toArray(), [{n: 0}]);
    await engine.load(bigBytes);
    const n2 = (await engine.query('select count(*) as n from slice').toArray())[0].n;
    assert.equal(n2, 12858);
    // Loading again without a reset is an error.
    await assert.rejects(engine.load(exampleBytes), /finalized/);
  });
});

test('restoreInitialTables drops what SQL created and keeps the trace', async () => {
  await withEngine(async (engine) => {
    await engine.load(exampleBytes);
    const before = await digest(engine);
    await engine.query('create table t as select * from slice; create view v as select 1 as x;' +
        'create temp table tt(a)').toArray();
    assert.equal((await engine.query('select count(*) as n from v').toArray())[0].n, 1);
    await engine.restoreInitialTables();
    for (const name of ['t', 'v', 'tt']) {
      await assert.rejects(engine.query(`select * from ${name}`).toArray(),
          new RegExp(`no such table: ${name}`));
    }
    assert.equal(await digest(engine), before);
  });
});

test('reset with cropTrackEvents drops TrackEvents before the range of interest', async () => {
  // Packets: range of interest from 12 us, instants at 10 us and 13 us.
  const packet = (bytes) => [0x0a, bytes.length, ...bytes];
  const instant = (ts) => packet([0x40, ...ts, 0x50, 0x01, 0x5a, 0x06, 0x48, 0x03, 0xba, 0x01, 0x01, 0x65]);
  const trace = new Uint8Array([
    ...packet([0xd2, 0x05, 0x02, 0x08, 0x0c]),  // track_event_range_of_interest {start_us: 12}
    ...instant([0x90, 0x4e]),                    // timestamp 10000
    ...instant([0xc8, 0x65]),                    // timestamp 13000
  ]);
  await withEngine(async (engine) => {
    await engine.reset({cropTrackEvents: true});
    await engine.load(trace);
    assert.deepEqual(await engine.query('select ts from slice').toArray(), [{ts: 13000}]);
    await engine.reset();
    await engine.load(trace);
    assert.equal((await engine.query('select count(*) as n from slice').toArray())[0].n, 2);
  });
});

test('reset with analyzeTraceProtoContent adds the TrackEvent annotation arg sets', async () => {
  // One packet: an instant named "a" in category "c" on the default track.
  const body = [0x40, 0x01, 0x50, 0x01, 0x5a, 0x0a, 0x48, 0x03, 0xb2, 0x01, 0x01, 0x63,
    0xba, 0x01, 0x01, 0x61];
  const trace = new Uint8Array([0x0a, body.length, ...body]);
  const annotations = 'select key, display_value as v from args where key glob \'event.*\' order by id';
  await withEngine(async (engine) => {
    await engine.reset({analyzeTraceProtoContent: true});
    await engine.load(trace);
    assert.deepEqual(await engine.query(annotations).toArray(),
        [{key: 'event.category', v: 'c'}, {key: 'event.name', v: 'a'}]);
    await engine.reset();
    await engine.load(trace);
    assert.deepEqual(await engine.query(annotations).toArray(), []);
  });
});

test('concurrent queries are queued and answered in full', async () => {
  await withEngine(async (engine) => {
    const loading = engine.load(bigBytes);
    const queries = [];
    for (let i = 0; i < 8; i++) {
      queries.push(engine.query(`select count(*) + ${i} as n from slice`).toArray());
    }
    queries.push(engine.query('select bad sql').toArray().catch((e) => e.message));
    queries.push(engine.query('select id, ts, name from slice order by id').toArray());
    await loading;
    const results = await Promise.all(queries);
    for (let i = 0; i < 8; i++) assert.deepEqual(results[i], [{n: 12858 + i}]);
    assert.match(results[8], /syntax error|no such column/);
    assert.equal(results[9].length, 12858);
    assert.equal(results[9][12857].id, 12857);
  });
});

test('large results arrive in several typed batches', async () => {
  await withEngine(async (engine) => {
    await engine.load(bigBytes);
    const batches = [];
    for await (const b of engine.query('select id, ts, dur * 1.5 as d, name, null as z from slice')) {
      batches.push(b);
    }
    assert.ok(batches.length > 1);
    let rows = 0;
    for (const b of batches) {
      assert.deepEqual(b.columns, ['id', 'ts', 'd', 'name', 'z']);
      assert.ok(b.column(0) instanceof Float64Array);
      assert.ok(b.column(2) instanceof Float64Array);
      assert.equal(typeof b.column(3)[0], 'string');
      assert.equal(b.column(4)[0], null);
      rows += b.numRows;
    }
    assert.equal(rows, 12858);
  });
});

test('malformed traces reject load with the parse error', async () => {
  await withEngine(async (engine) => {
    const bad = new TextEncoder().encode('{"traceEvents": [{"name": "a", "ph": "X", "ts": }]}');
    await assert.rejects(engine.load(bad, {sliceSize: 7}), (e) => e.message.length > 0);
    await engine.reset();
    await engine.load(exampleBytes);
    assert.ok((await engine.query('select count(*) as n from slice').toArray())[0].n > 0);
  });
  await withEngine(async (engine) => {
    await assert.rejects(engine.load(path.join(tmp, 'missing.json')), /cannot open/);
  });
});

test('status reports the version', async () => {
  await withEngine(async (engine) => {
    const st = await engine.status();
    assert.equal(st.humanReadableVersion, 'weft 0.1');
    assert.equal(st.apiVersion, 14);
  });
});

test('printf %f formatting', () => {
  const cases = [[0, '0.000000'], [-0, '-0.000000'], [1.5, '1.500000'], [2 / 3, '0.666667'],
    [1e21, '1000000000000000000000.000000'], [1e300, BigInt(1e300).toString() + '.000000'],
    [0.0078125, '0.007812'], [0.0234375, '0.023438'], [-0.0078125, '-0.007812'],
    [123456789.123456789, '123456789.123457'], [Infinity, 'inf'], [-Infinity, '-inf']];
  for (const [x, s] of cases) assert.equal(formatDouble(x), s, String(x));
});

test('cli.js prints the same CSV as the native shell', () => {
  const weft = path.join(ROOT, 'out/host/weft');
  assert.ok(fs.existsSync(weft), `${weft} not found: build it with tools/build host`);
  const q = path.join(tmp, 'q.sql');
  fs.writeFileSync(q, 'select name, ts / 3.0 as t, dur from slice order by id;\nselect 1 as a where 0;\nselect * from thread');
  const args = ['-q', q, EXAMPLE];
  const native = execFileSync(weft, args, {encoding: 'utf8'});
  const wasm = execFileSync(process.execPath, [path.join(ROOT, 'ui_bridge/cli.js'), ...args], {encoding: 'utf8'});
  assert.equal(wasm, native);
});
