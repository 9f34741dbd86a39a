// End-to-end tests of analyses in the viewer (headless Chromium): the
// alerts list of a trace with long tasks (click: select + zoom), the derived
// "Long tasks" track drawn and marked, annotations in the details panel,
// the Metrics tab. `node --test test/viewer/`

import assert from 'node:assert/strict';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {ROOT, launchBrowser, openTraceFile, startServer} from './browser.mjs';

const LONG_TASKS = path.join(ROOT, 'test/diff/analysis/devtools_long_task/trace.json');

let server, browser, page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = browser.page;
  await page.goto(server.url);
  await page.waitForFunction(() => window.weftViewer);
  assert.equal(await openTraceFile(page, LONG_TASKS), 'ready');
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.stop();
});

describe('analyses in the viewer', () => {
  test('the derived long-task track is in the tree, marked and drawn', async () => {
    const derived = await page.$$eval('#track-tree .track-row[data-derived="true"]',
        (rows) => rows.map((r) => ({name: r.dataset.name, lanes: r.dataset.lanes,
          badge: r.querySelector('.track-badge:last-of-type').textContent})));
    assert.deepEqual(derived, [
      {name: 'Long tasks: CrRendererMain 10', lanes: '1', badge: 'derived'},
      {name: 'Long tasks: Compositor 11', lanes: '1', badge: 'derived'},
    ]);
    // The frame is complete only once every row in view, this one too, has its data.
    const drawn = await page.evaluate(() => {
      const v = window.weftViewer;
      const g = v.model.groups.find((x) => x.derived);
      return {hasRow: Boolean(v.tree.rowOf(g.id)), complete:
        document.getElementById('timeline-canvas').dataset.complete};
    });
    assert.deepEqual(drawn, {hasRow: true, complete: 'true'});
  });

  test('alerts are listed; a click selects and zooms to the slice', async () => {
    await page.click('#tab-alerts');
    const items = await page.$$eval('#alerts-panel [data-alert-slice]',
        (b) => b.map((x) => ({id: Number(x.dataset.alertSlice), text: x.textContent})));
    assert.deepEqual(items.map((i) => i.text).sort(),
        ['long_task: RunTask (55.0 ms)', 'long_task: RunTask (60.0 ms)']);
    await page.evaluate(() => window.weftViewer.timeline.scale.show(0, 1));  // Far away.
    await page.click(`#alerts-panel [data-alert-slice="${items[1].id}"]`);
    await page.waitForSelector(`#details-panel[data-slice-id="${items[1].id}"]`);
    const view = await page.evaluate(() => {
      const t = window.weftViewer.timeline;
      return {selected: t.selectedSliceId, start: t.scale.start, end: t.scale.end};
    });
    assert.equal(view.selected, items[1].id);
    assert.ok(view.end > view.start + 1e6, 'zoomed to the slice');
    // The details panel shows the alert annotation with its link.
    await page.waitForSelector('#details-panel .details-annotations');
    const note = await page.textContent('#details-panel .details-annotations');
    assert.match(note, /warning.*Long task/);
    assert.ok(await page.$('#details-panel .details-annotations a[href^="https://"]'));
  });

  test('the Metrics tab runs a metric or says why it cannot', async () => {
    await page.click('#tab-metrics');
    await page.selectOption('#metrics-select', 'trace_stats');
    await page.click('#metrics-run');
    await page.waitForFunction(() => /done|failed|no metric/.test(
        document.getElementById('metrics-status').textContent));
    const status = await page.textContent('#metrics-status');
    const hasMetric = await page.evaluate(() => typeof window.weftViewer.engine.metric === 'function');
    if (hasMetric) {
      assert.match(status, /trace_stats done/);
      assert.match(await page.textContent('#metrics-output'), /trace_stats/);
    } else {
      assert.match(status, /no metric\(\) method/);
    }
  });

  test('no page errors', () => {
    assert.deepEqual(page.errors, []);
  });
});
