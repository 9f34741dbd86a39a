#!/usr/bin/env node
// weft's command line shell running on the wasm module through the bridge:
//   node ui_bridge/cli.js [flags] -q QUERY_FILE TRACE
//   node ui_bridge/cli.js [flags] -Q 'SQL' TRACE
// Prints the same CSV as the native shell (`out/host/weft -q`): one result
// set per statement that returns rows, separated by blank lines. Errors print
// one line on stderr and exit 1. --crop-track-events, --full-sort,
// --no-profile-calls, --no-ftrace-raw, --analyze-trace-proto-content, --derived-events and
// --run-analysis FILE work as in the native shell; --extra-checks
// is accepted for compatibility. --run-metrics NAMES (names or PATH.sql
// user metrics, whose PATH.proto is compiled with protoc) and
// --metrics-output text|json|binary print metrics first (docs/metrics.md).
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

import {Engine} from './engine.js';
import {csvPieces} from './csv.js';

const USAGE = 'Usage: node ui_bridge/cli.js [--read-size BYTES] (-q QUERY_FILE | -Q SQL) TRACE';

const PROTOS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'protos');

// A user metric PATH.sql (+ PATH.proto compiled against weft's protos).
function readUserMetric(sqlPath) {
  const name = path.basename(sqlPath, '.sql');
  const sql = fs.readFileSync(sqlPath, 'utf8');
  const proto = sqlPath.slice(0, -'.sql'.length) + '.proto';
  if (!fs.existsSync(proto)) return {name, sql};
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'weft-metric-')), 'set.pb');
  const r = spawnSync('protoc', ['-I', path.dirname(proto), '-I', PROTOS_DIR,
    `--descriptor_set_out=${out}`, path.basename(proto)], {encoding: 'utf8'});
  if (r.status !== 0) throw new Error(`protoc failed on ${proto}: ${r.stderr || r.error}`);
  const descriptorSet = new Uint8Array(fs.readFileSync(out));
  fs.rmSync(path.dirname(out), {recursive: true});
  return {name, sql, descriptorSet};
}

async function printMetrics(engine, list, format) {
  const names = [], userMetrics = [];
  for (const item of list.split(',').filter(Boolean)) {
    if (!item.endsWith('.sql')) {
      names.push(item);
      continue;
    }
    const m = readUserMetric(item);
    userMetrics.push(m);
    names.push(m.name);
  }
  const out = await engine.metric(names, format, {userMetrics});
  process.stdout.write(out);
}

function fail(message) {
  process.stderr.write(`weft: ${message}\n`);
  process.exitCode = 1;
}

async function main(argv) {
  let queryFile = '', sql = null, trace = '', sliceSize, cropTrackEvents = false;
  let analyzeTraceProtoContent = false, fullSort = false, derivedEvents = false;
  let noProfileCalls = false, noFtraceRaw = false;
  const analysisFiles = [];
  let metrics = '', metricsFormat = 'text';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-q' || a === '--query-file') queryFile = argv[++i];
    else if (a === '-Q' || a === '--query-string') sql = argv[++i];
    else if (a === '--read-size') sliceSize = Number(argv[++i]);
    else if (a === '--crop-track-events') cropTrackEvents = true;
    else if (a === '--analyze-trace-proto-content') analyzeTraceProtoContent = true;
    else if (a === '--full-sort') fullSort = true;
    else if (a === '--derived-events') derivedEvents = true;
    else if (a === '--run-analysis') analysisFiles.push(argv[++i]);
    else if (a === '--no-profile-calls') noProfileCalls = true;
    else if (a === '--no-ftrace-raw') noFtraceRaw = true;
    else if (a === '--extra-checks') { /* compatibility */ }
    else if (a === '--run-metrics') metrics = argv[++i];
    else if (a === '--metrics-output') metricsFormat = argv[++i];
    else if (a === '-h' || a === '--help') { console.log(USAGE); return; }
    else if (a.startsWith('-')) return fail(`unknown option ${a} (see --help)`);
    else if (!trace) trace = a;
    else return fail('more than one trace file given');
  }
  if (!trace || (sql === null && !queryFile && !metrics)) return fail(USAGE);
  if (queryFile) {
    try {
      sql = fs.readFileSync(queryFile, 'utf8');
    } catch (e) {
      return fail(`cannot read query file ${queryFile}: ${e.code === 'ENOENT' ? 'No such file or directory' : e.message}`);
    }
  }

  const engine = await Engine.create();
  try {
    try {
      if (cropTrackEvents || analyzeTraceProtoContent || fullSort || noProfileCalls || noFtraceRaw) {
        await engine.reset({cropTrackEvents, analyzeTraceProtoContent, fullSort, noProfileCalls,
          noFtraceRaw});
      }
      const {loadWarning} = await engine.load(trace, sliceSize ? {sliceSize} : {});
      // As the native shell: a damaged trace loads in part, with a warning.
      if (loadWarning) process.stderr.write(`weft: warning: ${trace}: ${loadWarning}\n`);
    } catch (e) {
      const msg = e.message.startsWith('cannot open') ? e.message : `${trace}: ${e.message}`;
      return fail(msg);
    }
    if (derivedEvents) await engine.deriveEvents();
    for (const file of analysisFiles) {
      const name = file.split('/').pop().replace(/(.)\.[^.]*$/, '$1');
      try {
        await engine.runAnalysis(name, fs.readFileSync(file, 'utf8'));
      } catch (e) {
        return fail(`analysis ${file}: ${e.message}`);
      }
    }
    if (metrics) {
      try {
        await printMetrics(engine, metrics, metricsFormat);
      } catch (e) {
        return fail(`metrics: ${e.message}`);
      }
      if (sql === null && !queryFile) return;
    }
    let out = '';
    try {
      for await (const piece of csvPieces(engine.query(sql))) {
        out += piece;
        if (out.length > (1 << 20)) {
          process.stdout.write(out);
          out = '';
        }
      }
    } catch (e) {
      process.stdout.write(out);
      return fail(`SQL error in ${queryFile || 'query'}: ${e.message}`);
    }
    process.stdout.write(out);
  } finally {
    engine.close();
  }
}

await main(process.argv.slice(2));
