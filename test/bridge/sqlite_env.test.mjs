// The wasm module has no file system: SQLite features that reach for one
// (its random seed from /dev/urandom, ATTACH of a database file) must answer
// or fail with an error, never spin. Regression for the hang of conformance
// cases whose queries give five or more result columns the same name
// (SQLite then seeds its PRNG to make the names unique).
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {Engine} from '../../ui_bridge/engine.js';

const TRACE = new TextEncoder().encode(
    '[{"name": "a", "ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1}]');

async function withLoadedEngine(fn) {
  const engine = await Engine.create();
  try {
    await engine.load(TRACE);
    return await fn(engine);
  } finally {
    engine.close();
  }
}

const TIMEOUT = {timeout: 20000};

test('many duplicate column names in a subquery', TIMEOUT, async () => {
  await withLoadedEngine(async (engine) => {
    const sets = await engine.query(
        'with t as (select name, name, name, name, name, name from slice) select * from t')
        .resultSets();
    assert.deepEqual(sets[0].columns, ['name', 'name:1', 'name:2', 'name:3',
      sets[0].columns[4], sets[0].columns[5]]);
    assert.deepEqual(sets[0].rows, [['a', 'a', 'a', 'a', 'a', 'a']]);
  });
});

test('random() works and varies', TIMEOUT, async () => {
  await withLoadedEngine(async (engine) => {
    const rows = await engine.query(
        'select count(distinct random()) as n from slice, (select 1 union select 2 union select 3)')
        .toArray();
    assert.equal(rows[0].n, 3);
  });
});

test('ATTACH of a file fails with an error', TIMEOUT, async () => {
  await withLoadedEngine(async (engine) => {
    await assert.rejects(engine.query("attach 'x.db' as x").toArray(),
        /unable to open database/);
    await assert.rejects(engine.query("attach '/tmp/weft_attach.db' as y; select 1").toArray(),
        /unable to open database/);
    // In-memory attached databases work.
    const rows = await engine.query(
        "attach ':memory:' as m; create table m.t(x); insert into m.t values (7); " +
        'select x from m.t').toArray();
    assert.deepEqual(rows, [{x: 7}]);
  });
});
