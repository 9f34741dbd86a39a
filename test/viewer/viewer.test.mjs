// End-to-end tests of the offline viewer in real headless Chromium (Debian's
// /usr/bin/chromium driven by playwright-core): open traces by file input,
// drag-and-drop, ?url= and the example button; progress and cancel; the
// track tree; clicking a slice; flows; the SQL console; broken files.
// Screenshots go to out/viewer_artifacts/.
//
//   node --test test/viewer/

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {ROOT, launchBrowser, pageQuery, startServer,
  waitForCompleteFrame, waitForLoad} from './browser.mjs';

const EXAMPLE = path.join(ROOT, 'test/data/viewer_example.json');
const ARTIFACTS = path.join(ROOT, 'out/viewer_artifacts');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-viewer-test-'));

// The track tree of viewer_example.json, as track_group lays it out.
const EXPECTED_TREE = [
  {name: 'Navigation', kind: 'slice', sources: '2', lanes: '2', merged: 'true', treeDepth: '0'},
  {name: 'legacy_chrome_global_instants', kind: 'slice', sources: '1', lanes: '1', merged: 'false', treeDepth: '0'},
  {name: 'Browser 1', kind: 'slice', sources: '0', lanes: '0', merged: 'false', treeDepth: '0'},
  {name: 'CPU Usage value', kind: 'counter', sources: '1', lanes: '1', merged: 'false', treeDepth: '1'},
  {name: 'CrBrowserMain 1', kind: 'slice', sources: '1', lanes: '1', merged: 'false', treeDepth: '1'},
  {name: 'IOThread 2', kind: 'slice', sources: '1', lanes: '1', merged: 'false', treeDepth: '1'},
  {name: 'Renderer 2', kind: 'slice', sources: '0', lanes: '0', merged: 'false', treeDepth: '0'},
  {name: 'JSHeap total', kind: 'counter', sources: '1', lanes: '1', merged: 'false', treeDepth: '1'},
  {name: 'JSHeap used', kind: 'counter', sources: '1', lanes: '1', merged: 'false', treeDepth: '1'},
  {name: 'ResourceLoad', kind: 'slice', sources: '4', lanes: '4', merged: 'true', treeDepth: '1'},
  {name: 'CrRendererMain 20', kind: 'slice', sources: '1', lanes: '1', merged: 'false', treeDepth: '1'},
  {name: 'Compositor 21', kind: 'slice', sources: '1', lanes: '1', merged: 'false', treeDepth: '1'},
  {name: 'ThreadPoolForegroundWorker 22', kind: 'slice', sources: '1', lanes: '1', merged: 'false', treeDepth: '1'},
  {name: 'GPU Process 3', kind: 'slice', sources: '0', lanes: '0', merged: 'false', treeDepth: '0'},
  {name: 'CrGpuMain 30', kind: 'slice', sources: '1', lanes: '1', merged: 'false', treeDepth: '1'},
];

let server, browser, page;
const requests = [];  // Every URL the page asked for.

// A Chrome JSON trace of about |mb| MB (X events on 16 threads), so a load
// takes long enough to watch its progress.
function writeBigTrace(file, mb) {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '{"traceEvents":[\n');
  let bytes = 0, i = 0;
  const parts = [];
  while (bytes < mb * (1 << 20)) {
    const tid = i % 16;
    const line = `{"name":"Task${i % 13}","cat":"c","ph":"X","ts":${Math.floor(i / 16) * 10},` +
        `"dur":8,"pid":1,"tid":${tid},"args":{"n":${i}}},\n`;
    parts.push(line);
    bytes += line.length;
    i++;
    if (parts.length === 10000) fs.writeSync(fd, parts.splice(0).join(''));
  }
  fs.writeSync(fd, parts.join(''));
  fs.writeSync(fd, '{"name":"end","ph":"X","ts":0,"dur":1,"pid":1,"tid":0}]}\n');
  fs.closeSync(fd);
}

async function openFile(file) {
  await page.setInputFiles('#file-input', file);
  return waitForLoad(page);
}

async function treeRows() {
  return page.$$eval('#track-tree .track-row', (rows) => rows.map((r) => ({
    name: r.dataset.name, kind: r.dataset.kind, sources: r.dataset.sources,
    lanes: r.dataset.lanes, merged: r.dataset.merged, treeDepth: r.dataset.treeDepth,
    label: r.getAttribute('aria-label'),
  })));
}

const sql = (query) => pageQuery(page, query);

// Clicks the middle of slice |id| on the canvas (its row found from the
// track tree's DOM row of its group).
async function clickSlice(id) {
  const [s] = await sql(`select group_id as g, lane, depth, ts, dur from slice_layout where slice_id = ${id}`);
  const pos = await page.evaluate(({g, lane, depth, ts, dur}) => {
    const v = window.weftViewer;
    const row = v.tree.rowOf(g);
    const scroll = document.getElementById('tracks-scroll');
    scroll.scrollTop = Math.max(0, row.top - 40);
    return {
      x: v.timeline.scale.timeToPx(ts + dur / 2),
      y: row.top - scroll.scrollTop + 3 + (lane * row.laneRows + depth + 0.5) * 18,
    };
  }, s);
  const box = await page.locator('#timeline-canvas').boundingBox();
  await page.mouse.click(box.x + pos.x, box.y + pos.y);
  await page.waitForSelector(`#details-panel[data-slice-id="${id}"]`);
}

async function detailsField(field) {
  return page.textContent(`#details-panel tr[data-field="${field}"] td`);
}

before(async () => {
  fs.mkdirSync(ARTIFACTS, {recursive: true});
  server = await startServer();
  browser = await launchBrowser();
  page = browser.page;
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(server.url);
  await page.waitForFunction(() => window.weftViewer);
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.stop();
  fs.rmSync(TMP, {recursive: true, force: true});
});

describe('viewer', () => {
  test('the empty page offers the file picker and the example', async () => {
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'empty');
    assert.ok(await page.isVisible('#empty-state'));
    assert.ok(await page.isVisible('#open-example'));
  });

  test('loads a trace by the file picker and shows the track tree', async () => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#open-file')]);
    await chooser.setFiles(EXAMPLE);
    assert.equal(await waitForLoad(page), 'ready');
    await waitForCompleteFrame(page);
    assert.ok(await page.isHidden('#load-progress'));
    assert.match(await page.textContent('#trace-info'), /viewer_example\.json · \d+\.\d KB · \d+ slices · 15 tracks/);
    const rows = await treeRows();
    assert.deepEqual(rows.map(({label, ...r}) => r), EXPECTED_TREE);
    const resourceLoad = rows.find((r) => r.name === 'ResourceLoad');
    assert.equal(resourceLoad.label, 'ResourceLoad: slice track merged from 4 tracks, 4 lanes, depth 1');
    assert.equal(rows.find((r) => r.name === 'CrRendererMain 20').label,
        'CrRendererMain 20: slice track, 1 lane, depth 4');
    assert.equal(rows.find((r) => r.name === 'JSHeap used').label, 'JSHeap used: counter track');
    // A merged group is one track, its height lanes x (max_depth + 1) rows.
    const heights = await page.$$eval('#track-tree .track-row', (els) =>
      Object.fromEntries(els.map((e) => [e.dataset.name, e.getBoundingClientRect().height])));
    assert.equal(heights['ResourceLoad'], 4 * 1 * 18 + 6);
    assert.equal(heights['CrRendererMain 20'], 1 * 4 * 18 + 6);
    // The canvas has slices drawn (not a blank frame).
    const inked = await page.evaluate(() => {
      const c = document.getElementById('timeline-canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && d[i] + d[i + 1] + d[i + 2] < 600) n++;
      return n;
    });
    assert.ok(inked > 5000, `only ${inked} dark pixels on the timeline`);
    await page.screenshot({path: path.join(ARTIFACTS, 'timeline_example.png')});
    assert.deepEqual(page.errors, []);
  });

  test('collapsing a process hides its threads', async () => {
    await page.click('#track-tree .track-row[data-name="Renderer 2"] .track-toggle');
    let names = (await treeRows()).map((r) => r.name);
    assert.ok(!names.includes('CrRendererMain 20'));
    assert.equal(await page.getAttribute('#track-tree .track-row[data-name="Renderer 2"]', 'aria-expanded'), 'false');
    await page.click('#track-tree .track-row[data-name="Renderer 2"] .track-toggle');
    names = (await treeRows()).map((r) => r.name);
    assert.ok(names.includes('CrRendererMain 20'));
  });

  test('clicking a slice shows its details and args', async () => {
    const [s] = await sql(`select id from slice where name = 'BeginMainFrame' order by ts limit 1`);
    await clickSlice(s.id);
    assert.equal(await page.textContent('#details-panel h3'), 'BeginMainFrame');
    assert.equal(await detailsField('name'), 'BeginMainFrame');
    assert.equal(await detailsField('category'), 'blink');
    assert.equal(await detailsField('start'), '1 ms (ts 1000000)');
    assert.equal(await detailsField('duration'), '5.245 ms (5244600 ns)');
    assert.equal(await detailsField('thread'), 'CrRendererMain 20');
    assert.equal(await detailsField('process'), 'Renderer 2');
    const args = await page.$$eval('#details-panel .details-args tr', (trs) =>
      Object.fromEntries(trs.map((tr) => [tr.dataset.argKey, tr.querySelector('td').textContent])));
    assert.deepEqual(Object.keys(args).sort(), ['args.animate_only', 'args.frame', 'args.ratio']);
    assert.equal(args['args.frame'], '1');
    assert.equal(await page.evaluate(() => window.weftViewer.timeline.selectedSliceId), s.id);
  });

  test('a slice with a flow shows it, and the flow leads to the other end', async () => {
    const [f] = await sql(`select f.slice_out as o, f.slice_in as i from flow f
        join slice s on s.id = f.slice_in where s.name = 'ThreadProxy::HandleMessage'
        order by s.ts limit 1`);
    await clickSlice(f.i);
    assert.equal(await page.textContent('#details-panel h3'), 'ThreadProxy::HandleMessage');
    const flows = await page.$$eval('#details-panel .details-flows li', (lis) => lis.map((li) => li.textContent));
    assert.deepEqual(flows, [`from ChannelMojo::Send #${f.o}`]);
    await page.screenshot({path: path.join(ARTIFACTS, 'timeline_flow_selected.png')});
    await page.click(`#details-panel [data-goto-slice="${f.o}"]`);
    await page.waitForSelector(`#details-panel[data-slice-id="${f.o}"]`);
    assert.equal(await page.textContent('#details-panel h3'), 'ChannelMojo::Send');
    assert.equal(await detailsField('thread'), 'IOThread 2');
    assert.deepEqual(await page.$$eval('#details-panel .details-flows li', (lis) => lis.map((li) => li.textContent)),
        [`to ThreadProxy::HandleMessage #${f.i}`]);
  });

  test('clicking empty space clears the selection', async () => {
    const box = await page.locator('#timeline-canvas').boundingBox();
    const row = await page.locator('#track-tree .track-row[data-name="Renderer 2"]').boundingBox();
    await page.mouse.click(box.x + 50, row.y + row.height / 2);
    await page.waitForSelector('#details-panel:not([data-slice-id])');
    assert.equal(await page.evaluate(() => window.weftViewer.timeline.selectedSliceId), null);
  });

  test('W/S zoom and dragging pans', async () => {
    const span0 = await page.evaluate(() => window.weftViewer.timeline.scale.span);
    const box = await page.locator('#timeline-canvas').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + 100);
    await page.keyboard.down('w');
    await page.waitForTimeout(600);
    await page.keyboard.up('w');
    const span1 = await page.evaluate(() => window.weftViewer.timeline.scale.span);
    assert.ok(span1 < span0 / 1.3, `W zoomed from ${span0} to ${span1}`);
    const start1 = await page.evaluate(() => window.weftViewer.timeline.scale.start);
    await page.mouse.move(box.x + 600, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + 500, box.y + 100, {steps: 5});
    await page.mouse.up();
    const start2 = await page.evaluate(() => window.weftViewer.timeline.scale.start);
    const pxNs = span1 / box.width;
    assert.ok(Math.abs(start2 - start1 - 100 * pxNs) < 2 * pxNs, `drag moved ${start2 - start1} ns`);
    await page.mouse.wheel(0, 400);  // Zooms out at the pointer.
    await page.waitForFunction((s) => window.weftViewer.timeline.scale.span > s, span1);
    await page.keyboard.down('s');
    await page.waitForTimeout(1500);
    await page.keyboard.up('s');
    await waitForCompleteFrame(page);
  });

  test('the SQL console streams results with row count and time', async () => {
    await page.click('#tab-sql');
    await page.fill('#sql-input', 'select name, count(*) as n from slice group by name order by n desc, name limit 5');
    await page.press('#sql-input', 'Control+Enter');
    await page.waitForSelector('#sql-status[data-state="done"]');
    assert.match(await page.textContent('#sql-status'), /^5 rows · [\d.]+ ms$/);
    const header = await page.$$eval('#sql-results th', (ths) => ths.map((t) => t.textContent));
    assert.deepEqual(header, ['name', 'n']);
    const cells = await page.$$eval('#sql-results tbody tr', (trs) =>
      trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    assert.deepEqual(cells, [
      ['ImageDecodeTask', '59'], ['RunTask', '49'], ['mojo::Message::Dispatch', '49'],
      ['NavigationRequest::BeginNavigation', '19'], ['ChannelMojo::Send', '17'],
    ]);
    await page.screenshot({path: path.join(ARTIFACTS, 'sql_console.png')});
  });

  test('a SQL error shows the engine message with its position', async () => {
    await page.fill('#sql-input', 'select nope from slice');
    await page.click('#sql-run');
    await page.waitForSelector('#sql-status[data-state="error"]');
    assert.equal(await page.textContent('#sql-results .sql-error'),
        'no such column: nope (at line 1, column 8)');
  });

  test('a truncated file loads what precedes the cut, under a warning banner', async () => {
    const cut = path.join(TMP, 'cut.json');
    const head = '{"traceEvents": [{"ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1, "name": "a"}, ';
    fs.writeFileSync(cut, head + '{"ph": ');
    assert.equal(await openFile(cut), 'ready');
    assert.ok(await page.isVisible('#load-warning'));
    assert.equal(await page.textContent('#load-warning-text'),
        `cut.json: trace truncated at byte ${head.length}: showing what precedes it ` +
        `(JSON error at byte ${head.length} (line 1): the trace ends inside an event ` +
        '(truncated file?))');
    assert.ok(!(await page.isVisible('#load-error')));
    assert.deepEqual(await sql('select name from slice'), [{name: 'a'}]);
    await page.screenshot({path: path.join(ARTIFACTS, 'truncated_file_warning.png')});
    // The next (intact) trace has no banner.
    assert.equal(await openFile(EXAMPLE), 'ready');
    assert.ok(!(await page.isVisible('#load-warning')));
  });

  test('a broken file shows the engine error, not a blank page', async () => {
    const broken = path.join(TMP, 'broken.json');
    fs.writeFileSync(broken, '{"traceEvents": [{"ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1, "name": "a", ');
    assert.equal(await openFile(broken), 'error');
    assert.ok(!(await page.isVisible('#load-warning')));
    assert.ok(await page.isVisible('#load-error'));
    assert.match(await page.textContent('#load-error-text'),
        /^Could not load broken\.json: JSON error at byte \d+ \(line 1\): /);
    assert.ok(await page.isVisible('#empty-state'));
    await page.screenshot({path: path.join(ARTIFACTS, 'broken_file_error.png')});

    const unknown = path.join(TMP, 'noise.bin');
    fs.writeFileSync(unknown, Buffer.from(Array.from({length: 100}, (_, i) => (i * 37) % 256)));
    assert.equal(await openFile(unknown), 'error');
    assert.match(await page.textContent('#load-error-text'),
        /^Could not load noise\.bin: unknown trace format/);
  });

  test('loading shows percent and MB/s, and can be cancelled', async () => {
    const big = path.join(TMP, 'big.json');
    writeBigTrace(big, 48);
    // Record every progress text the page shows.
    await page.evaluate(() => {
      window.__progressTexts = [];
      new MutationObserver(() => {
        window.__progressTexts.push(document.getElementById('load-progress-text').textContent);
      }).observe(document.getElementById('load-progress-text'), {childList: true, characterData: true, subtree: true});
    });
    assert.equal(await openFile(big), 'ready');
    const texts = await page.evaluate(() => window.__progressTexts);
    assert.ok(texts.some((t) => /^big\.json: \d+% · [\d.]+ of 48\.0 MB · [\d.]+ MB\/s/.test(t)),
        `progress texts: ${JSON.stringify(texts)}`);
    await waitForCompleteFrame(page);

    // Slow the file reads down so the load is surely still running when
    // Cancel is clicked, however fast the machine.
    await page.evaluate(() => {
      const read = Blob.prototype.arrayBuffer;
      window.__restoreBlobRead = () => { Blob.prototype.arrayBuffer = read; };
      Blob.prototype.arrayBuffer = async function () {
        await new Promise((resolve) => setTimeout(resolve, 500));
        return read.call(this);
      };
    });
    await page.setInputFiles('#file-input', big);
    await page.waitForSelector('#load-progress[data-percent]:not([data-percent=""])');
    assert.ok(Number(await page.getAttribute('#load-progress', 'data-percent')) < 100);
    await page.click('#load-cancel');
    await page.evaluate(() => window.__restoreBlobRead());
    await page.waitForSelector('body[data-state="empty"]');
    assert.ok(await page.isHidden('#load-progress'));
    assert.equal(await page.textContent('#trace-info'), 'Loading cancelled.');
    assert.equal((await treeRows()).length, 0);
  });

  test('a dropped file opens', async () => {
    const text = fs.readFileSync(EXAMPLE, 'utf8');
    await page.evaluate((content) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], 'dropped.json', {type: 'application/json'}));
      window.dispatchEvent(new DragEvent('dragenter', {dataTransfer: dt}));
      window.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, cancelable: true}));
    }, text);
    assert.equal(await waitForLoad(page), 'ready');
    assert.match(await page.textContent('#trace-info'), /^dropped\.json/);
    assert.equal((await treeRows()).length, EXPECTED_TREE.length);
  });

  test('long track names do not shift the canvas off the time axis', async () => {
    const long = path.join(TMP, 'long_names.json');
    const name = 'PageLoadMetrics.NavigationToDOMContentLoadedEventFired.'.repeat(3);
    fs.writeFileSync(long, JSON.stringify({traceEvents: [
      {name: 'thread_name', ph: 'M', pid: 1, tid: 1, args: {name}},
      {name: 'Task', ph: 'X', ts: 0, dur: 10, pid: 1, tid: 1},
    ]}));
    assert.equal(await openFile(long), 'ready');
    const canvas = await page.locator('#timeline-canvas').boundingBox();
    const axis = await page.locator('#time-axis').boundingBox();
    assert.equal(canvas.x, axis.x);
    assert.equal(canvas.width, axis.width);
  });

  test('the example button and ?url= open traces from this host', async () => {
    await page.click('#open-example');
    await page.waitForFunction(() => /viewer_example\.json/.test(document.getElementById('trace-info').textContent));
    assert.equal(await waitForLoad(page), 'ready');
    assert.equal((await treeRows()).length, EXPECTED_TREE.length);

    await page.goto(`${server.url}?url=/test/data/example_trace.json`);
    assert.equal(await waitForLoad(page), 'ready');
    await waitForCompleteFrame(page);
    const names = (await treeRows()).map((r) => r.name);
    assert.deepEqual(names.slice(0, 3), ['Navigation', 'legacy_chrome_global_instants', 'Browser 1']);
    await page.screenshot({path: path.join(ARTIFACTS, 'timeline_url_param.png')});

    await page.goto(`${server.url}?url=/test/data/missing.json`);
    assert.equal(await waitForLoad(page), 'error');
    assert.match(await page.textContent('#load-error-text'), /HTTP 404/);
  });

  test('?url= refuses other hosts, and the page only talks to its own host', async () => {
    await page.goto(`${server.url}?url=http://example.invalid/trace.json`);
    await page.waitForSelector('body[data-state="error"]');
    assert.match(await page.textContent('#load-error-text'), /only opens traces served by this host/);
    const foreign = requests.filter((u) => !u.startsWith(server.url) &&
        !u.startsWith('data:') && !u.startsWith('blob:'));
    assert.deepEqual(foreign, []);
    assert.ok(requests.some((u) => u.endsWith('/out/wasm/weft_wasm.wasm')));
  });
});
