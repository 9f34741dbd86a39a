// Differential test of weft's profile calls against the DevTools trace
// engine: for every thread where DevTools builds profile calls, weft must
// have the same number of calls on that thread, a total duration within
// 0.5%, and the same top-3 functions by total time (ties within 0.5% may
// swap). Threads only weft has (DevTools drops processes without a URL)
// are listed, not failed.
// Usage: node test/devtools/compare_profile_calls.mjs --weft out/host/weft [TRACE...]
// With no TRACE, every DevTools fixture of ../shared/corpus/chrome/ (those
// where DevTools builds no profile calls are passed over). Exits 1 on any
// difference, or if the oracle cannot run.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

import {devtoolsProfileCalls} from './devtools_profile_calls.mjs';
import {profileCallStats} from './profile_call_stats.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.resolve(HERE, '../../../shared/corpus/chrome');
const TOLERANCE = 0.005;
// Known differences, each with its reason: reported, not failed.
const KNOWN = new Map([]);

const WEFT_SQL = `
SELECT t.tid AS tid, COALESCE(p.pid, 0) AS pid, s.ts AS ts, s.dur AS dur, s.name AS name
FROM slice s JOIN thread_track tt ON s.track_id = tt.id
JOIN thread t USING (utid) LEFT JOIN process p USING (upid)
WHERE s.category = 'ProfileCall'`;

function parseCsv(text) {
  const lines = text.trim().split('\n');
  const rows = [];
  for (const line of lines.slice(1)) {
    // name is last and may hold commas or quotes.
    const m = /^(-?\d+),(-?\d+),(-?\d+),(-?\d+),(.*)$/.exec(line);
    if (!m) continue;
    let name = m[5];
    if (name.startsWith('"')) name = name.slice(1, -1).replace(/""/g, '"');
    rows.push({tid: +m[1], pid: +m[2], ts: +m[3] / 1000, dur: +m[4] / 1000, name});
  }
  return rows;
}

export function weftProfileCalls(weft, trace) {
  const out = execFileSync(weft, ['-Q', WEFT_SQL, trace], {maxBuffer: 1 << 30, encoding: 'utf8'});
  const threads = new Map();
  for (const row of parseCsv(out)) {
    const key = `${row.pid}/${row.tid}`;
    if (!threads.has(key)) threads.set(key, {pid: row.pid, tid: row.tid, calls: []});
    threads.get(key).calls.push(row);
  }
  return threads;
}

const close = (a, b) => Math.abs(a - b) <= TOLERANCE * Math.max(Math.abs(a), Math.abs(b)) + 1e-6;

// Differences between one thread's DevTools and weft summaries.
export function compareThread(dt, weft) {
  const problems = [];
  if (dt.count !== weft.count) problems.push(`count ${weft.count} != DevTools ${dt.count}`);
  if (!close(dt.totalDur, weft.totalDur)) {
    problems.push(`total ${weft.totalDur.toFixed(1)}us != DevTools ${dt.totalDur.toFixed(1)}us`);
  }
  dt.topByTotal.forEach((want, i) => {
    const got = weft.topByTotal[i];
    const gotInDt = got && dt.byName.get(got.name);
    if (!got || !(got.name === want.name || (gotInDt && close(gotInDt.total, want.total)))) {
      problems.push(`top-${i + 1} ${got ? got.name : '-'} != DevTools ${want.name}`);
    }
  });
  return problems;
}

// Traces (.json) and bare CPU profiles (.cpuprofile, DevTools' flame chart
// rules), plain or gzip.
function isFixture(file) {
  return /\.(json|cpuprofile)(\.gz)?$/.test(file);
}

async function main(argv) {
  let weft = '';
  const traces = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--weft') weft = argv[++i];
    else traces.push(argv[i]);
  }
  if (!weft) throw new Error('--weft PATH is required');
  if (!traces.length) {
    if (!fs.existsSync(CORPUS)) throw new Error(`no fixtures: ${CORPUS} is missing`);
    for (const f of fs.readdirSync(CORPUS).sort()) {
      if (isFixture(f)) traces.push(path.join(CORPUS, f));
    }
  }
  let failed = 0, compared = 0;
  for (const trace of traces) {
    const name = path.basename(trace);
    const dtThreads = await devtoolsProfileCalls(trace);
    if (!dtThreads.length) continue;
    const weftThreads = weftProfileCalls(weft, trace);
    for (const t of dtThreads) {
      const key = `${t.pid}/${t.tid}`;
      const dt = profileCallStats(t.calls);
      const w = profileCallStats(weftThreads.get(key)?.calls ?? []);
      weftThreads.delete(key);
      const problems = compareThread(dt, w);
      compared++;
      const head = `${name} pid ${t.pid} tid ${t.tid}: ${w.count}/${dt.count} calls, ` +
          `total ${(w.totalDur / 1000).toFixed(3)}/${(dt.totalDur / 1000).toFixed(3)} ms, ` +
          `top ${w.topByTotal.map(f => f.name).join(',')}`;
      const known = KNOWN.get(`${name} ${key}`);
      if (problems.length && known) {
        console.log(`known ${head}: ${problems.join('; ')} (${known})`);
      } else if (problems.length) {
        failed++;
        console.log(`FAIL ${head}: ${problems.join('; ')}`);
      } else {
        console.log(`ok   ${head}`);
      }
    }
    for (const [key, t] of weftThreads) {
      console.log(`info ${name} ${key}: ${t.calls.length} calls only in weft (DevTools shows no such thread)`);
    }
  }
  console.log(`${compared - failed} passed, ${failed} failed`);
  if (!compared) throw new Error('no thread compared');
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(code => { process.exitCode = code; }, e => {
    console.error(`compare_profile_calls: ${e.message}`);
    process.exitCode = 1;
  });
}
