// Find latency on a large trace (run by `tools/bench --viewer` on the ~10M
// slice trace): the viewer's own find queries (ui_bridge/viewer/find.js)
// run on the wasm engine in Node, through the same Engine API the page
// uses: the count for a rare and a frequent name, and a step (one page of
// matches after a point in the middle of the trace). Each is the median of
// a few runs; the count is also timed with instr(), which the engine cannot
// push down, to show what the LIKE pushdown saves. Prints one JSON object.
//
//   node test/viewer/bench_find.mjs TRACE TERM [TERM ...]

import fs from 'node:fs';

import {Engine} from '../../ui_bridge/engine.js';
import {countSql, findCondition, findPage} from '../../ui_bridge/viewer/find.js';
import {queryRows} from '../../ui_bridge/viewer/sql_rows.js';

const RUNS = 5;

// Median wall time of |runs| calls of |fn| and the median CPU time of the
// process (the engine's worker thread included), which a machine shared
// with other jobs inflates less; {ms, cpuMs, rows} (the last result).
async function timed(fn, runs = RUNS) {
  const wall = [];
  const cpu = [];
  let rows = null;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    rows = await fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (v) => Math.round(v.sort((a, b) => a - b)[Math.floor(runs / 2)] * 10) / 10;
  return {ms: median(wall), cpuMs: median(cpu), rows};
}

async function main() {
  const [trace, ...terms] = process.argv.slice(2);
  if (!trace || !fs.existsSync(trace) || !terms.length) {
    console.error('usage: node test/viewer/bench_find.mjs TRACE TERM [TERM ...]');
    process.exit(2);
  }
  const engine = await Engine.create();
  try {
    const t0 = performance.now();
    await engine.load(trace);
    const loadMs = Math.round(performance.now() - t0);
    const [{slices}] = await queryRows(engine, 'select count(*) as slices from slice');
    const [{mid, first, last}] = await queryRows(engine, `select
        (select ts from slice where id = ${Math.floor(slices / 2)}) as mid,
        (select min(ts) from slice) as first, (select max(ts) from slice) as last`);
    const results = [];
    for (const term of terms) {
      const cond = findCondition(term);
      const count = await timed(() => queryRows(engine, countSql(term)));
      const page = (dir) => findPage(engine, cond, {ts: mid, id: -1}, dir, first, last);
      const step = await timed(() => page(1));
      const back = await timed(() => page(-1));
      const scan = await timed(() => queryRows(engine,
          `select count(*) as n from slice where instr(lower(name), '${term.toLowerCase()}') > 0`), 1);
      results.push({term, matches: count.rows[0].n, countMs: count.ms, countCpuMs: count.cpuMs,
        stepMs: step.ms, stepCpuMs: step.cpuMs, stepBackMs: back.ms,
        countWithoutPushdownMs: scan.ms, countWithoutPushdownCpuMs: scan.cpuMs});
    }
    console.log(JSON.stringify({trace, slices, loadMs, find: results}, null, 1));
  } finally {
    engine.close();
  }
}

main().catch((e) => {
  console.error(`bench_find: ${e.message}`);
  process.exit(1);
});
