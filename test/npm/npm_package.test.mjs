// The npm package @weft/engine end to end, as a user gets it: tools/npm_package
// (npm pack), the tarball installed into an empty project, then a trace
// loaded and queried from Node, from a page bundled by esbuild and run in
// headless Chromium (Debian's, through playwright-core), and the
// declarations type-checked by tsc. Every answer must equal the repository's
// Engine's. Needs out/wasm (tools/build wasm) and tools/install-deps (esbuild
// and typescript pinned in test/npm/package-lock.json, playwright-core in
// test/viewer). Run: node --test test/npm/
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {fileURLToPath} from 'node:url';

import {build} from 'esbuild';

import {Engine} from '../../ui_bridge/engine.js';
import {launchBrowser} from '../viewer/browser.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const TRACE = path.join(ROOT, 'test/data/example_trace.json');
const SQL = 'select count(*) as n, sum(dur) as total_dur, min(name) as first_name from slice; ' +
    'select name from thread where name is not null order by utid limit 3';
const PACKAGE = '@weft/engine';
// What a user copies beside an esbuild bundle (README of the package).
const ASSETS = ['worker.js', 'weft_wasm.cjs', 'weft_wasm.wasm'];
const MIME = {'.html': 'text/html', '.js': 'text/javascript', '.cjs': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json'};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-npm-'));
const project = path.join(tmp, 'project');
let tarball;
let expected;  // The repository's Engine's answer to SQL over TRACE.

const toJson = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? String(x) : x));

function run(cmd, args, cwd = project) {
  return execFileSync(cmd, args, {cwd, encoding: 'utf8', timeout: 300000,
    stdio: ['ignore', 'pipe', 'pipe']});
}

before(async () => {
  const engine = await Engine.create();
  try {
    await engine.load(TRACE);
    expected = toJson(await engine.query(SQL).resultSets());
  } finally {
    engine.close();
  }
  tarball = run('python3', [path.join(ROOT, 'tools/npm_package'), '--out', path.join(tmp, 'npm')],
      ROOT).trim();
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'),
      toJson({name: 'weft-npm-user', private: true, type: 'module'}));
  // --offline: the package has no dependencies, nothing is fetched.
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball]);
});

after(() => fs.rmSync(tmp, {recursive: true, force: true}));

test('the tarball holds the module, the wasm and the declarations', () => {
  const files = run('tar', ['tzf', tarball]).split('\n').filter(Boolean).sort();
  for (const f of ['package.json', 'README.md', 'index.d.ts', 'engine.js', 'protocol.js',
    'trace_processor.fields.js', ...ASSETS]) {
    assert.ok(files.includes(`package/${f}`), `package/${f} missing from ${files}`);
  }
  assert.ok(!files.some((f) => f.includes('viewer/')), 'the viewer is not part of the package');
});

test('Node: load and query through the installed package', () => {
  const script = `
    import {Engine} from '${PACKAGE}';
    const engine = await Engine.create();
    const {loadWarning} = await engine.load(process.argv[2]);
    const sets = await engine.query(process.argv[3]).resultSets();
    engine.close();
    const exports = Object.keys(await import('${PACKAGE}')).sort();
    console.log(JSON.stringify({loadWarning, sets, exports},
        (k, x) => (typeof x === 'bigint' ? String(x) : x)));`;
  fs.writeFileSync(path.join(project, 'use.mjs'), script);
  const out = JSON.parse(run('node', ['use.mjs', TRACE, SQL]));
  assert.equal(out.loadWarning, '');
  assert.equal(JSON.stringify(out.sets), expected);
  // The declarations name exactly what the module exports at run time.
  const dts = fs.readFileSync(path.join(project, 'node_modules', PACKAGE, 'index.d.ts'), 'utf8');
  const declared = [...dts.matchAll(/^export declare (?:class|const) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(out.exports, declared.sort());
});

test('Node: the weft-js shell of the package prints CSV', () => {
  const csv = run(path.join(project, 'node_modules/.bin/weft-js'),
      ['-Q', 'select count(*) as n from slice', TRACE]);
  assert.equal(csv.split('\n')[0], '"n"');
  assert.equal(csv.split('\n')[1], String(JSON.parse(expected)[0].rows[0][0]));
});

// Serves |dir| over HTTP on a free port; resolves {url, close()}.
function serve(dir) {
  const server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url, 'http://x').pathname) || 'index.html';
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {'Content-Type': MIME[path.extname(name)] || 'application/octet-stream'});
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((r) => server.close(r)),
  })));
}

test('browser: a page bundled by esbuild loads and queries a trace in Chromium', async () => {
  const page = `
    import {Engine} from '${PACKAGE}';
    try {
      const engine = await Engine.create();
      await engine.load(await (await fetch('./trace.json')).blob());
      const sql = new URLSearchParams(location.search).get('sql');
      const sets = await engine.query(sql).resultSets();
      document.body.dataset.result = JSON.stringify(sets,
          (k, x) => (typeof x === 'bigint' ? String(x) : x));
    } catch (e) {
      document.body.dataset.error = e.message;
    }`;
  fs.writeFileSync(path.join(project, 'page.js'), page);
  const site = path.join(tmp, 'site');
  const result = await build({
    absWorkingDir: project, entryPoints: ['page.js'], bundle: true, format: 'esm',
    platform: 'browser', outdir: site, logLevel: 'silent',
  });
  assert.deepEqual(result.warnings.map((w) => w.text), []);
  for (const f of ASSETS) {
    fs.copyFileSync(path.join(project, 'node_modules', PACKAGE, f), path.join(site, f));
  }
  fs.copyFileSync(TRACE, path.join(site, 'trace.json'));
  fs.writeFileSync(path.join(site, 'index.html'),
      '<!doctype html><link rel="icon" href="data:,">' +
      '<body><script type="module" src="page.js"></script></body>');
  const server = await serve(site);
  const browser = await launchBrowser();
  try {
    await browser.page.goto(`${server.url}index.html?sql=${encodeURIComponent(SQL)}`);
    await browser.page.waitForSelector('body[data-result], body[data-error]',
        {state: 'attached', timeout: 120000});
    const state = await browser.page.evaluate(() => ({...document.body.dataset}));
    assert.equal(state.error, undefined);
    assert.equal(state.result, expected);
    assert.deepEqual(browser.page.errors, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

test('TypeScript: tsc checks a program against the declarations', () => {
  const usage = `
    import {Engine, DEFAULT_SLICE_SIZE} from '${PACKAGE}';
    import type {Batch, CellValue, LoadOptions, QueryResult, Row, TraceSource} from '${PACKAGE}';

    export async function firstColumn(source: TraceSource): Promise<CellValue[]> {
      const engine: Engine = await Engine.create({workerUrl: new URL('./worker.js', import.meta.url)});
      const options: LoadOptions = {sliceSize: DEFAULT_SLICE_SIZE,
        onProgress: (p) => console.log(p.bytesDone, p.total ?? 'stream')};
      const {loadWarning} = await engine.load(source, options);
      const result: QueryResult = engine.query('select name from slice');
      const names: CellValue[] = [];
      for await (const batch of result) {
        const b: Batch = batch;
        const column = b.column(0);
        if (!(column instanceof Float64Array)) names.push(...column);
      }
      const rows: Row[] = await engine.query('select 1 as x').toArray();
      const sets = await engine.query('select 1').resultSets();
      await engine.restoreInitialTables();
      await engine.reset({cropTrackEvents: true, fullSort: false});
      const status = await engine.status();
      engine.close();
      return [loadWarning, rows[0]?.x ?? null, sets[0].columns[0], status.wasmHeapBytes, ...names];
    }
    // @ts-expect-error: query takes SQL text (the declarations are not 'any').
    export const wrong = (e: Engine) => e.query(42);
  `;
  fs.writeFileSync(path.join(project, 'usage.ts'), usage);
  fs.writeFileSync(path.join(project, 'tsconfig.json'), toJson({
    compilerOptions: {strict: true, noEmit: true, target: 'es2022', module: 'nodenext',
      moduleResolution: 'nodenext', lib: ['es2022', 'dom', 'dom.iterable'], types: []},
    files: ['usage.ts'],
  }));
  const tsc = path.join(HERE, 'node_modules/typescript/bin/tsc');
  try {
    run('node', [tsc, '-p', project]);
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
});
