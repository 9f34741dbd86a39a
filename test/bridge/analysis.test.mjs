// Analyses through the JS bridge (wasm): built-in and user-defined analyses
// with Engine.runAnalysis, alerts and annotations. Needs out/wasm
// (tools/build wasm). `node --test test/bridge/`
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {fileURLToPath} from 'node:url';

import {Engine} from '../../ui_bridge/engine.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LONG_TASKS = path.join(ROOT, 'test/diff/analysis/devtools_long_task/trace.json');

async function rows(engine, sql) {
  return (await engine.query(sql).toArray()).map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])));
}

test('alerts, built-in and user analyses through the bridge', async () => {
  const engine = await Engine.create();
  try {
    await engine.load(new Uint8Array(fs.readFileSync(LONG_TASKS)));
    assert.deepEqual(await rows(engine, 'select kind, count(*) as n from alert group by kind'),
        [{kind: 'long_task', n: 2}]);
    assert.equal(await engine.runAnalysis('chrome_long_tasks'),
        'slices=2 counters=0 annotations=2 tracks=2');
    assert.equal(await engine.runAnalysis('mine',
        "select ts, dur, 'it''s mine' as name, 'Mine' as track_name from slice where name = 'RunTask' limit 1"),
        'slices=1 counters=0 annotations=0 tracks=1');
    assert.deepEqual(await rows(engine,
        'select analysis, name from derived_track order by id'),
        [{analysis: 'chrome_long_tasks', name: 'Long tasks: CrRendererMain 10'},
          {analysis: 'chrome_long_tasks', name: 'Long tasks: Compositor 11'},
          {analysis: 'mine', name: 'Mine'}]);
    assert.deepEqual(await rows(engine,
        "select count(*) as n from slice_layout l join slice s on s.id = l.slice_id where s.name = 'it''s mine' and l.group_id is not null"),
        [{n: 1}]);
    await assert.rejects(engine.runAnalysis('nope'), /no built-in analysis named nope/);
  } finally {
    engine.close();
  }
});
