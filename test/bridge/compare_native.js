#!/usr/bin/env node
// Runs every diff-test case (test/diff/**/query.sql + trace.*) through both
// the native shell and the wasm-backed CLI (ui_bridge/cli.js) and requires
// identical stdout and exit status; for expected_error cases the wasm CLI's
// stderr must also contain expected_error.txt, and for damaged traces the
// "weft: warning: ..." line must hold expected_warning.txt (and be absent
// without it). --wasm-shell compares the
// shell compiled to wasm (out/wasm/weft.js) instead of the bridge's CLI.
//
//   node test/bridge/compare_native.js [--weft out/host/weft] [--dir test/diff]
//                                      [--filter SUBSTR] [-j N] [--wasm-shell]
// Ends with "N passed, M failed"; exit code 0 only if M == 0.
import {execFile, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The wasm side: Node arguments that run a shell taking `-q QUERY TRACE`.
// --liftoff-only: each case is a new Node process that runs for well under
// a second, and V8's background compile of the whole module for its optimizing
// tier was half of its CPU (0.77 -> 0.43 CPU-s a case); the tier does not
// change what the module computes.
const BRIDGE_CLI = ['--liftoff-only', path.join(ROOT, 'ui_bridge/cli.js')];
const WASM_SHELL = ['--liftoff-only', '--no-experimental-fetch',
  path.join(ROOT, 'out/wasm/weft.js')];

function parseArgs(argv) {
  const opts = {weft: path.join(ROOT, 'out/host/weft'), dir: path.join(ROOT, 'test/diff'),
    filter: '', jobs: Math.max(2, os.cpus().length), wasm: BRIDGE_CLI};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--weft') opts.weft = argv[++i];
    else if (argv[i] === '--dir') opts.dir = path.resolve(argv[++i]);
    else if (argv[i] === '--filter') opts.filter = argv[++i];
    else if (argv[i] === '-j') opts.jobs = Number(argv[++i]);
    else if (argv[i] === '--wasm-shell') opts.wasm = WASM_SHELL;
  }
  return opts;
}

// trace.textproto / trace.fxt.json cases run on the trace.pb / trace.fxt that
// tools/encode_textproto / tools/encode_fxt write under out/diff_traces (as
// test/diff_tests.py does).
const ENCODED_DIR = path.join(ROOT, 'out/diff_traces');

// Readable trace descriptions -> the binary trace encoded from them.
const ENCODED = {'trace.textproto': 'trace.pb', 'trace.fxt.json': 'trace.fxt'};

export function encodeTextprotos() {
  for (const tool of ['tools/encode_textproto', 'tools/encode_fxt']) {
    const r = spawnSync('python3', [path.join(ROOT, tool), '--all-into', ENCODED_DIR],
      {stdio: 'inherit'});
    if (r.status !== 0) throw new Error(`${tool} failed`);
  }
}

export function discoverCases(dir, filter = '') {
  const cases = [];
  const walk = (d) => {
    const entries = fs.readdirSync(d, {withFileTypes: true}).sort((a, b) => a.name < b.name ? -1 : 1);
    const name = path.relative(dir, d);
    const encoded = entries.find((e) => e.isFile() && ENCODED[e.name]);
    const trace = encoded ? path.join(ENCODED_DIR, name, ENCODED[encoded.name])
      : entries.filter((e) => e.isFile() && e.name.startsWith('trace.')).map((e) => path.join(d, e.name))[0];
    const query = entries.find((e) => e.isFile() && e.name === 'query.sql');
    if (trace && query) {
      if (!filter || name.includes(filter)) {
        const errFile = path.join(d, 'expected_error.txt');
        const warningFile = path.join(d, 'expected_warning.txt');
        const flagsFile = path.join(d, 'flags.txt');
        cases.push({name, trace, query: path.join(d, 'query.sql'),
          flags: fs.existsSync(flagsFile)
            ? fs.readFileSync(flagsFile, 'utf8').split(/\s+/).filter(Boolean) : [],
          expectedError: fs.existsSync(errFile) ? fs.readFileSync(errFile, 'utf8').trim() : null,
          expectedWarning: fs.existsSync(warningFile)
            ? fs.readFileSync(warningFile, 'utf8').trim() : null});
      }
    }
    for (const e of entries) if (e.isDirectory()) walk(path.join(d, e.name));
  };
  walk(dir);
  return cases;
}

function run(cmd, args) {
  return new Promise((resolve) => {
    execFile(cmd, args, {maxBuffer: 1 << 30, timeout: 300000}, (err, stdout, stderr) => {
      resolve({code: err ? (err.code ?? 1) : 0, stdout, stderr});
    });
  });
}

export async function compareCase(c, weft, wasmArgs = BRIDGE_CLI) {
  const [native, wasm] = await Promise.all([
    run(weft, [...(c.flags || []), '-q', c.query, c.trace]),
    run(process.execPath, [...wasmArgs, ...(c.flags || []), '-q', c.query, c.trace]),
  ]);
  const problems = [];
  // A shell that could not start (e.g. ENOENT) must not pass as "both failed".
  for (const [side, r] of [['native', native], ['wasm', wasm]]) {
    if (typeof r.code === 'string') problems.push(`${side} shell did not run: ${r.code}`);
  }
  if ((native.code === 0) !== (wasm.code === 0)) {
    problems.push(`exit status: native ${native.code}, wasm ${wasm.code}: ${wasm.stderr.trim()}`);
  }
  if (native.stdout !== wasm.stdout) {
    const a = native.stdout.split('\n'), b = wasm.stdout.split('\n');
    const i = a.findIndex((line, k) => line !== b[k]);
    problems.push(`stdout differs at line ${i + 1}:\n  native: ${a[i]}\n  wasm:   ${b[i]}`);
  }
  if (c.expectedError !== null && !wasm.stderr.includes(c.expectedError)) {
    problems.push(`wasm stderr lacks "${c.expectedError}": ${wasm.stderr.trim()}`);
  }
  const warning = wasm.stderr.split('\n').find((line) => line.startsWith('weft: warning: '));
  if (c.expectedWarning === null && warning) problems.push(`unexpected ${warning}`);
  if (c.expectedWarning && !(warning || '').includes(c.expectedWarning)) {
    problems.push(`wasm stderr lacks a warning with "${c.expectedWarning}": ${wasm.stderr.trim()}`);
  }
  return problems;
}

// The builds both sides need; a missing one fails the run (nothing to compare
// is not a pass).
function missingBuilds(opts) {
  const wasm = opts.wasm === WASM_SHELL ? 'out/wasm/weft.wasm' : 'out/wasm/weft_wasm.wasm';
  return [opts.weft, path.join(ROOT, wasm)].filter((f) => !fs.existsSync(f));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const missing = missingBuilds(opts);
  if (missing.length) {
    console.log(`FAIL: not built: ${missing.join(', ')} (tools/build host wasm)`);
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
    return;
  }
  encodeTextprotos();
  const cases = discoverCases(opts.dir, opts.filter);
  let passed = 0, failed = 0, next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const problems = await compareCase(c, opts.weft, opts.wasm);
      if (problems.length) {
        failed++;
        console.log(`FAIL ${c.name}\n  ${problems.join('\n  ')}`);
      } else {
        passed++;
      }
    }
  };
  await Promise.all(Array.from({length: opts.jobs}, worker));
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
