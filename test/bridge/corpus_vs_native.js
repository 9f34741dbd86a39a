#!/usr/bin/env node
// Loads every trace of ../shared/corpus/{chrome,catapult_json} (or DIRS)
// through Engine (ui_bridge/engine.js) and requires the same CSV as the
// native shell for a digest query (slice count and sums, threads,
// processes, counters, args), and the same success or failure of the load.
//
//   node test/bridge/corpus_vs_native.js [--weft out/host/weft] [DIR...]
// Ends with "N passed, M failed"; exit code 0 only if M == 0. Without the
// corpus (no ../shared) it fails: a check that cannot run must not pass.
import {execFile} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

import {csvPieces} from '../../ui_bridge/csv.js';
import {Engine} from '../../ui_bridge/engine.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');

const DIGEST_SQL = `
select count(*), sum(ts), sum(dur), sum(depth), count(distinct name), count(distinct track_id) from slice;
select utid, tid, name from thread order by utid;
select upid, pid, name from process order by upid;
select count(*), sum(value), count(distinct track_id) from counter;
select count(*), count(distinct arg_set_id), count(distinct key) from args;
select name, idx, severity, source, value from stats where value != 0 order by name, idx`;

function runNative(weft, trace) {
  return new Promise((resolve) => {
    execFile(weft, ['-Q', DIGEST_SQL, trace], {maxBuffer: 1 << 28, timeout: 300000},
        (err, stdout) => resolve({ok: !err, csv: stdout}));
  });
}

async function runBridge(engine, trace) {
  await engine.reset();
  try {
    await engine.load(trace);
  } catch (e) {
    return {ok: false, csv: '', error: e.message};
  }
  let csv = '';
  for await (const piece of csvPieces(engine.query(DIGEST_SQL))) csv += piece;
  return {ok: true, csv};
}

async function main(argv) {
  let weft = path.join(ROOT, 'out/host/weft');
  const dirs = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--weft') weft = argv[++i];
    else dirs.push(path.resolve(argv[i]));
  }
  if (!dirs.length) {
    if (!fs.existsSync(CORPUS)) {
      console.log(`FAIL: ${CORPUS} not found: the shared corpus is needed`);
      console.log('0 passed, 1 failed');
      process.exitCode = 1;
      return;
    }
    dirs.push(path.join(CORPUS, 'chrome'), path.join(CORPUS, 'catapult_json'));
  }
  const files = dirs.flatMap((d) => fs.readdirSync(d).sort().map((f) => path.join(d, f)))
      .filter((f) => fs.statSync(f).isFile());
  const engine = await Engine.create();
  let passed = 0, failed = 0;
  try {
    for (const file of files) {
      const name = path.relative(CORPUS, file);
      const [native, wasm] = [await runNative(weft, file), await runBridge(engine, file)];
      const problems = [];
      if (native.ok !== wasm.ok) {
        problems.push(`load: native ${native.ok ? 'ok' : 'failed'}, bridge ` +
            `${wasm.ok ? 'ok' : `failed: ${wasm.error}`}`);
      } else if (native.csv !== wasm.csv) {
        const a = native.csv.split('\n'), b = wasm.csv.split('\n');
        const i = a.findIndex((line, k) => line !== b[k]);
        problems.push(`CSV differs at line ${i + 1}:\n  native: ${a[i]}\n  bridge: ${b[i]}`);
      }
      if (problems.length) {
        failed++;
        console.log(`FAIL ${name}\n  ${problems.join('\n  ')}`);
      } else {
        passed++;
        console.log(`ok   ${name}`);
      }
    }
  } finally {
    engine.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

await main(process.argv.slice(2));
