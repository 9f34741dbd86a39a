// End-to-end test of the viewer's kernel scheduling tracks in headless
// Chromium: a systrace file (test/data/sched_example.systrace) shows one CPU
// track per CPU at the top with its frequency counter under it, and a
// thread-state strip in each thread; the drawn colours are the ones the
// data asks for, and clicking a sched slice / state shows its details.
// The same for a Fuchsia trace with scheduling records (tools/gen_fxt_trace.py).
// Screenshots go to out/viewer_artifacts/.
//
//   node --test test/viewer/sched_tracks.test.mjs

import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {ROOT, launchBrowser, openTraceFile, pageQuery,
  startServer, waitForCompleteFrame, waitForRedraw} from './browser.mjs';

const TRACE = path.join(ROOT, 'test/data/sched_example.systrace');
const ARTIFACTS = path.join(ROOT, 'out/viewer_artifacts');

let server, browser, page;

const sql = (query) => pageQuery(page, query);

async function treeRows() {
  return page.$$eval('#track-tree .track-row', (rows) => rows.map((r) => ({
    id: Number(r.dataset.groupId), name: r.dataset.name, kind: r.dataset.kind,
    treeDepth: Number(r.dataset.treeDepth), label: r.getAttribute('aria-label'),
  })));
}

// Canvas position (relative to the canvas) of time |ts| in group |g|'s row,
// scrolled into view; also the device pixel there.
async function pointIn(g, ts) {
  return page.evaluate(({g, ts}) => {
    const v = window.weftViewer;
    const row = v.tree.rowOf(g);
    const scroll = document.getElementById('tracks-scroll');
    scroll.scrollTop = Math.max(0, row.top - 40);
    return {x: v.timeline.scale.timeToPx(ts), y: row.top - scroll.scrollTop + row.height / 2};
  }, {g, ts});
}

// The scroll pointIn made is drawn first: until then the canvas still shows,
// and marks complete, the view before it.
async function pixelAt(x, y) {
  await waitForRedraw(page);
  await waitForCompleteFrame(page);
  return page.evaluate(({x, y}) => {
    const c = document.getElementById('timeline-canvas');
    const dpr = window.devicePixelRatio || 1;
    const d = c.getContext('2d').getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data;
    return [d[0], d[1], d[2], d[3]];
  }, {x, y});
}

before(async () => {
  fs.mkdirSync(ARTIFACTS, {recursive: true});
  server = await startServer();
  browser = await launchBrowser();
  page = browser.page;
  await page.goto(server.url);
  await page.waitForFunction(() => window.weftViewer);
  assert.equal(await openTraceFile(page, TRACE), 'ready');
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.stop();
});

describe('CPU tracks and thread states', () => {
  test('one CPU track per CPU at the top, its frequency under it', async () => {
    const rows = await treeRows();
    const cpus = await sql('select distinct cpu from sched order by cpu');
    const cpuRows = rows.filter((r) => r.kind === 'cpu');
    assert.deepEqual(cpuRows.map((r) => r.name), cpus.map((c) => `CPU ${c.cpu}`));
    assert.deepEqual(rows.slice(0, 2).map((r) => r.kind), ['cpu', 'counter']);
    assert.equal(rows[0].label, 'CPU 0: scheduling slices');
    assert.equal(rows[1].name, 'cpufreq');
    assert.equal(rows[1].treeDepth, 1);
  });

  test('every thread with states has a thread-state strip', async () => {
    const rows = await treeRows();
    const [{n}] = await sql(`select count(distinct s.utid) as n from thread_state s
        join thread t using (utid) where t.tid != 0`);
    assert.equal(rows.filter((r) => r.kind === 'thread_state').length, n);
    const state = rows.find((r) => r.kind === 'thread_state');
    const thread = rows[rows.indexOf(state) - 1];
    assert.match(thread.name, / \d+$/);  // The strip is the thread's first child.
    assert.equal(state.treeDepth, thread.treeDepth + 1);
  });

  test('sched slices and running states are drawn, and click to details', async () => {
    const rows = await treeRows();
    // The longest sched slice of a real thread on CPU 0 and its thread's
    // Running state over the same interval.
    const [s] = await sql(`select s.id, s.ts, s.dur, s.utid, t.tid from sched s
        join thread t using (utid) where s.cpu = 0 and t.tid != 0
        order by s.dur desc limit 1`);
    const cpu0 = rows.find((r) => r.kind === 'cpu' && r.name === 'CPU 0');
    const p = await pointIn(cpu0.id, s.ts + s.dur / 2);
    const [r, g, b, a] = await pixelAt(p.x, p.y);
    assert.equal(a, 255);
    assert.ok(r + g + b < 700, `CPU 0 is blank at the slice (${r},${g},${b})`);

    const [group] = await sql(`select id from track_group
        where kind = 'thread_state' and utid = ${s.utid}`);
    const q = await pointIn(group.id, s.ts + s.dur / 2);
    // Running is dark green.
    assert.deepEqual((await pixelAt(q.x, q.y)).slice(0, 3), [0x2f, 0x7d, 0x32]);
    await page.screenshot({path: path.join(ARTIFACTS, 'sched_tracks.png')});

    const box = await page.locator('#timeline-canvas').boundingBox();
    const c = await pointIn(cpu0.id, s.ts + s.dur / 2);
    await page.mouse.click(box.x + c.x, box.y + c.y);
    await page.waitForSelector(`#details-panel[data-sched-kind="cpu"][data-sched-id="${s.id}"]`);
    assert.match(await page.textContent('#details-panel tr[data-field="thread"] td'),
        new RegExp(` ${s.tid}$`));
    assert.equal(await page.textContent('#details-panel tr[data-field="cpu"] td'), '0');

    const t = await pointIn(group.id, s.ts + s.dur / 2);
    await page.mouse.click(box.x + t.x, box.y + t.y);
    await page.waitForSelector('#details-panel[data-sched-kind="thread_state"]');
    assert.equal(await page.textContent('#details-panel h3'), 'Running');
    assert.deepEqual(page.errors, []);
  });
});

describe('Fuchsia scheduling records', () => {
  test('draw CPU tracks and thread states', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-fxt-sched-'));
    const fxt = path.join(tmp, 'sched.fxt');
    execFileSync('python3', [path.join(ROOT, 'tools/gen_fxt_trace.py'), fxt, '1'],
        {stdio: 'ignore'});
    try {
      assert.equal(await openTraceFile(page, fxt), 'ready');
      const rows = await treeRows();
      const cpus = await sql('select count(distinct cpu) as n from sched');
      assert.ok(cpus[0].n >= 2);
      assert.equal(rows.filter((r) => r.kind === 'cpu').length, cpus[0].n);
      assert.ok(rows.some((r) => r.kind === 'thread_state'));
      const [s] = await sql(`select s.ts, s.dur from sched s join thread t using (utid)
          where s.cpu = 0 and t.tid != 0 order by s.dur desc limit 1`);
      const cpu0 = rows.find((r) => r.kind === 'cpu' && r.name === 'CPU 0');
      await page.evaluate(({ts, dur}) => window.weftViewer.timeline.zoomTo(ts - dur, ts + 2 * dur), s);
      // The zoomed view is drawn (and asks for its data) before pixelAt
      // waits for a complete frame.
      await waitForRedraw(page);
      const p = await pointIn(cpu0.id, s.ts + s.dur / 2);
      const [r, g, b, a] = await pixelAt(p.x, p.y);
      assert.equal(a, 255);
      assert.ok(r + g + b < 700, `CPU 0 is blank at the slice (${r},${g},${b})`);
      await page.screenshot({path: path.join(ARTIFACTS, 'fuchsia_sched_tracks.png')});
      assert.deepEqual(page.errors, []);
    } finally {
      fs.rmSync(tmp, {recursive: true, force: true});
    }
  });
});
