// "Attach to local weft": the viewer in headless Chromium showing the trace
// held by a running `weft -D` through its WebSocket (the native engine),
// with the same track tree and SQL answers as the wasm engine.
//
//   node --test test/viewer/attach.test.mjs

import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {ROOT, launchBrowser, pageQuery, startServer,
  waitForCompleteFrame, waitForLoad} from './browser.mjs';

const EXAMPLE = path.join(ROOT, 'test/data/viewer_example.json');
const WEFT = process.env.WEFT || path.join(ROOT, 'out/host/weft');

let server, browser, page, weft, rpcUrl;

// Starts `weft -D --http-port 0 TRACE`; resolves {port, stop()}.
function startWeft(trace) {
  const proc = spawn(WEFT, ['-D', '--http-port', '0', trace], {stdio: ['ignore', 'ignore', 'pipe']});
  const stop = () => proc.kill();
  process.once('exit', stop);
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`weft -D did not start: ${err}`)), 60000);
    proc.stderr.on('data', (d) => {
      err += d;
      const m = /serving HTTP on http:\/\/127\.0\.0\.1:(\d+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({port: Number(m[1]), stop});
      }
    });
    proc.on('exit', (code) => reject(new Error(`weft -D exited (${code}): ${err}`)));
  });
}

const sql = (query) => pageQuery(page, query);

async function treeNames() {
  return page.$$eval('#track-tree .track-row', (rows) => rows.map((r) => r.dataset.name));
}

before(async () => {
  weft = await startWeft(EXAMPLE);
  rpcUrl = `ws://127.0.0.1:${weft.port}/websocket`;
  server = await startServer();
  browser = await launchBrowser();
  page = browser.page;
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.stop();
  if (weft) weft.stop();
});

describe('attach to local weft', () => {
  test('?rpc= shows the trace of weft -D, like the wasm engine does', async () => {
    await page.goto(`${server.url}?url=/test/data/viewer_example.json`);
    assert.equal(await waitForLoad(page), 'ready');
    const wasmTree = await treeNames();
    const wasmCount = await sql('select count(*) as n, sum(dur) as d from slice');

    await page.goto(`${server.url}?rpc=${encodeURIComponent(rpcUrl)}`);
    assert.equal(await waitForLoad(page), 'ready');
    await waitForCompleteFrame(page);
    assert.match(await page.textContent('#trace-info'), /native engine/);
    assert.deepEqual(await treeNames(), wasmTree);
    assert.deepEqual(await sql('select count(*) as n, sum(dur) as d from slice'), wasmCount);
    const status = await page.evaluate(() => window.weftViewer.engine.status());
    assert.equal(status.loadedTraceName, 'json');
    assert.deepEqual(page.errors, []);
  });

  test('the SQL console runs on the native engine', async () => {
    await page.click('#tab-sql');
    await page.fill('#sql-input', 'select name, count(*) as n from slice group by name order by n desc, name limit 2');
    await page.press('#sql-input', 'Control+Enter');
    await page.waitForSelector('#sql-status[data-state="done"]');
    const cells = await page.$$eval('#sql-results tbody tr', (trs) =>
      trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    assert.deepEqual(cells, [['ImageDecodeTask', '59'], ['RunTask', '49']]);
  });

  test('no server, or not this machine: a clear error', async () => {
    await page.goto(`${server.url}?rpc=${encodeURIComponent('ws://127.0.0.1:1/websocket')}`);
    assert.equal(await waitForLoad(page), 'error');
    assert.match(await page.textContent('#load-error-text'), /Could not attach/);
    await page.goto(`${server.url}?rpc=${encodeURIComponent('ws://example.invalid:9001/websocket')}`);
    await page.waitForSelector('body[data-state="error"]');
    assert.match(await page.textContent('#load-error-text'), /this machine only/);
  });
});
