// Tests of the CPU-track and thread-state caches, in Node against the wasm
// engine (no browser): a trace of only kernel scheduling data gets its time
// bounds from trace_bounds, small windows come back row by row, crowded
// ones are merged per pixel bucket and still account for every row, and
// long rows are kept once per group.

import assert from 'node:assert/strict';
import {after, before, test} from 'node:test';

import {Engine} from '../../ui_bridge/engine.js';
import {TimeScale} from '../../ui_bridge/viewer/time_scale.js';
import {RAW_ROW_LIMIT, TrackData} from '../../ui_bridge/viewer/track_data.js';
import {findSchedRow, stateClass} from '../../ui_bridge/viewer/sched_tracks.js';
import {loadTraceModel} from '../../ui_bridge/viewer/trace_model.js';
import {sqlInt} from '../../ui_bridge/viewer/sql_rows.js';

const SWITCHES = 30000;  // On CPU 0: more than RAW_ROW_LIMIT sched slices.

// ftrace text: CPU 0 switches between threads 10 and 11 every 10 µs; thread
// 12 runs once on CPU 1 for most of the trace.
function makeTrace() {
  const lines = ['# tracer: nop', '#'];
  const at = (us) => (1 + us / 1e6).toFixed(6);
  const sw = (cpu, us, prev, prevState, next) =>
    `  t-${prev} [00${cpu}] d..3 ${at(us)}: sched_switch: prev_comm=t${prev} prev_pid=${prev} ` +
    `prev_prio=120 prev_state=${prevState} ==> next_comm=t${next} next_pid=${next} next_prio=120`;
  lines.push(sw(1, 5, 0, 'R', 12));
  for (let i = 0; i < SWITCHES; i++) {
    const prev = i === 0 ? 0 : 10 + ((i - 1) % 2);
    lines.push(sw(0, 10 + i * 10, prev, 'R', 10 + (i % 2)));
  }
  lines.push(sw(1, SWITCHES * 10, 12, 'S', 0));
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

let engine, model;

before(async () => {
  engine = await Engine.create();
  await engine.load(makeTrace());
  model = await loadTraceModel(engine);
});

after(() => engine.close());

function fetchEntry(data, group, scale) {
  return new Promise((resolve) => {
    data._onData = () => resolve(data.entry(group.id));
    data.update([{group, summary: false}], scale);
  });
}

async function count(sql) {
  const [row] = await engine.query(sql).toArray();
  return Number(Object.values(row)[0]);
}

test('a scheduling-only trace takes its bounds from trace_bounds', async () => {
  assert.equal(model.start, 1e9 + 5e3);
  assert.equal(model.end, await count('select end_ts from trace_bounds'));
  assert.deepEqual(model.groups.filter((g) => g.kind === 'cpu').map((g) => [g.name, g.cpu]),
      [['CPU 0', 0], ['CPU 1', 1]]);
});

test('a crowded CPU window is merged per bucket and counts every slice', async () => {
  const cpu0 = model.groups.find((g) => g.name === 'CPU 0');
  const data = new TrackData(engine, model, () => {});
  const scale = new TimeScale(model.start, model.end);
  scale.width = 1000;
  const entry = await fetchEntry(data, cpu0, scale);
  const rows = await count(`select count(*) from sched s join thread t using (utid)
      where s.cpu = 0 and t.tid != 0`);
  assert.ok(rows > RAW_ROW_LIMIT);
  assert.ok(entry.bucket > 0 && entry.numRows < rows / 4, `${entry.numRows} rects`);
  const drawn = entry.n.reduce((a, b) => a + b, 0) + entry.long.length;
  assert.equal(drawn, rows);
});

test('a small window comes back row by row; hover finds the row', async () => {
  const cpu0 = model.groups.find((g) => g.name === 'CPU 0');
  const data = new TrackData(engine, model, () => {});
  const scale = new TimeScale(model.start, model.end);
  scale.width = 1000;
  scale.show(1e9 + 1000e3, 1e9 + 1100e3);
  const entry = await fetchEntry(data, cpu0, scale);
  assert.equal(entry.bucket, 0);
  assert.ok(entry.n.every((n) => n === 1));
  const hit = findSchedRow(entry, 'cpu', 1e9 + 1000e3 + 5e3 + 1, 10, model.longThreshold);
  assert.match(hit.text, /^t1[01] 1[01] · 10(\.0)? µs$/);
});

test('thread states: long ones are kept once, colours by state', async () => {
  const t12 = model.groups.find((g) => g.kind === 'thread_state' &&
      model.byId.get(g.parentId).name === 't12 12');
  const data = new TrackData(engine, model, () => {});
  const scale = new TimeScale(model.start, model.end);
  scale.width = 1000;
  const entry = await fetchEntry(data, t12, scale);
  assert.deepEqual(entry.long.map((r) => r.key), ['Running', 'S']);
  assert.deepEqual(['Running', 'R', 'R+', 'S', 'D', 'DK', 'X'].map(stateClass),
      ['running', 'runnable', 'runnable', 'sleeping', 'blocked', 'blocked', 'other']);
});

// The rows a window draws (window rows overlapping the view, plus the long
// ones) are exactly the sched slices SQL finds overlapping it, at several
// points of the trace (the ts range is a binary search on sched.ts and the
// cpu an index lookup, so a window query never scans the table).
test('a CPU window holds exactly the slices overlapping the view', async () => {
  const cpu0 = model.groups.find((g) => g.name === 'CPU 0');
  for (const at of [0.1, 0.5, 0.9]) {
    const data = new TrackData(engine, model, () => {});
    const scale = new TimeScale(model.start, model.end);
    scale.width = 1000;
    const start = Math.round(model.start + (model.end - model.start) * at);
    scale.show(start, start + 200e3);
    const entry = await fetchEntry(data, cpu0, scale);
    assert.equal(entry.bucket, 0);
    const drawn = new Set(entry.long.filter((r) => r.ts <= scale.end &&
        (r.dur < 0 || r.ts + r.dur >= scale.start)).map((r) => r.id));
    for (let i = 0; i < entry.numRows; i++) {
      if (entry.ts[i] <= scale.end && entry.ts[i] + entry.dur[i] >= scale.start) {
        drawn.add(entry.id[i]);
      }
    }
    const rows = await engine.query(`select s.id as id from sched s join thread t using (utid)
        where s.cpu = 0 and t.tid != 0 and s.ts <= ${Math.floor(scale.end)}
          and (s.dur < 0 or s.ts + s.dur >= ${Math.ceil(scale.start)}) order by s.id`).toArray();
    assert.ok(rows.length > 10, `${rows.length} rows`);
    assert.deepEqual([...drawn].sort((a, b) => a - b), rows.map((r) => Number(r.id)));
  }
});

// Crowded windows come merged from the engine's sched_buckets: the same
// rects as the GROUP BY the viewer ran before it.
test('merged CPU and thread-state windows equal the SQL GROUP BY', async () => {
  const cpu0 = model.groups.find((g) => g.name === 'CPU 0');
  const t10 = model.groups.find((g) => g.kind === 'thread_state' &&
      model.byId.get(g.parentId).name === 't10 10');
  const L = model.longThreshold;
  const cases = [
    [cpu0, (w, b) => `select min(r.id) as id, min(r.ts) as ts, max(r.ts + r.dur) - min(r.ts) as dur,
        min(r.utid) as key, count(*) as n from sched r
        where r.cpu = 0 and r.utid not in (${model.idleUtids.join(',')}) and ${w}
        group by r.ts / ${b} order by ts`],
    [t10, (w, b) => `select min(r.id) as id, min(r.ts) as ts, max(r.ts + r.dur) - min(r.ts) as dur,
        case max(case when r.state = 'Running' then 3 when r.state like 'R%' then 2
        when r.state like 'D%' then 1 else 0 end)
        when 3 then 'Running' when 2 then 'R' when 1 then 'D' else 'S' end as key, count(*) as n
        from thread_state r where r.utid = ${t10.utid} and ${w} group by r.ts / ${b} order by ts`],
  ];
  for (const [group, sql] of cases) {
    const data = new TrackData(engine, model, () => {});
    const scale = new TimeScale(model.start, model.end);
    scale.width = 1000;
    const entry = await fetchEntry(data, group, scale);
    assert.ok(entry.bucket > 0, group.name);
    const w = `r.ts >= ${sqlInt(entry.start - L)} and r.ts <= ${sqlInt(entry.end)} and r.dur >= 0 and r.dur <= ${L}`;
    const rows = await engine.query(sql(w, entry.bucket)).toArray();
    const got = [];
    for (let i = 0; i < entry.numRows; i++) {
      got.push([entry.id[i], entry.ts[i], entry.dur[i], entry.key[i], entry.n[i]].map(String));
    }
    assert.deepEqual(got, rows.map((r) => [r.id, r.ts, r.dur, r.key, r.n].map(String)));
  }
});
