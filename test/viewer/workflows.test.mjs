// End-to-end tests of the viewer's workflows in headless Chromium, driven
// by role and accessible name: find, area selection + summary, trace health
// (Info tab and badge), pinning and filtering tracks, the view in the URL
// (reload and Back / Forward), and the shortcut help. Each count or total
// the page shows is checked against a SQL query written independently
// (instr() instead of LIKE, correlated subqueries instead of joins).
// Screenshots go to out/viewer_artifacts/.
//
//   node --test test/viewer/workflows.test.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {ROOT, launchBrowser, pageQuery, startServer,
  waitForCompleteFrame, waitForLoad} from './browser.mjs';

const ARTIFACTS = path.join(ROOT, 'out/viewer_artifacts');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-viewer-workflows-'));
const EXAMPLE_URL = '?url=/test/data/viewer_example.json';

let server, browser, page;

const sql = (query) => pageQuery(page, query);

async function openExample(hash = '') {
  await page.goto(`${server.url}${EXAMPLE_URL}${hash}`);
  assert.equal(await waitForLoad(page), 'ready');
  await waitForCompleteFrame(page);
}

const selectedId = () => page.evaluate(() => window.weftViewer.timeline.selectedSliceId);
const findBox = () => page.getByRole('searchbox', {name: 'Find slices'});
const findStatus = () => page.getByRole('status', {name: 'Find matches'});

async function treeNames() {
  return page.$$eval('#track-tree .track-row', (rows) => rows.map((r) => r.dataset.name));
}

before(async () => {
  fs.mkdirSync(ARTIFACTS, {recursive: true});
  server = await startServer();
  browser = await launchBrowser();
  page = browser.page;
  await page.goto(server.url);
  await page.waitForFunction(() => window.weftViewer);
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.stop();
  fs.rmSync(TMP, {recursive: true, force: true});
});

describe('viewer workflows', () => {
  test('find: / focuses the box, the count is the engine count, Enter steps in time order', async () => {
    await openExample();
    await page.keyboard.press('/');
    assert.ok(await findBox().evaluate((e) => e === document.activeElement));
    await findBox().fill('MOJO');
    await page.waitForSelector('.find-status[data-count]');
    const [{n}] = await sql(`select count(*) as n from slice where instr(lower(name), 'mojo') > 0`);
    assert.ok(n > 10);
    assert.equal(await findStatus().getAttribute('data-count'), String(n));
    assert.equal(await findStatus().textContent(), `0 / ${n}`);
    const expected = (await sql(`select id from slice where instr(lower(name), 'mojo') > 0
        order by ts, id limit 3`)).map((r) => r.id);
    await findBox().press('Enter');
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, expected[0]);
    await page.waitForFunction(() => /^1 \//.test(document.querySelector('.find-status').textContent));
    await findBox().press('Enter');
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, expected[1]);
    assert.equal(await findStatus().textContent(), `2 / ${n}`);
    await page.waitForSelector(`#details-panel[data-slice-id="${expected[1]}"]`);
    await page.screenshot({path: path.join(ARTIFACTS, 'find_step.png')});
    await findBox().press('Shift+Enter');
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, expected[0]);
    // Before the first match: wraps to the last one.
    await findBox().press('Shift+Enter');
    const [last] = await sql(`select id from slice where instr(lower(name), 'mojo') > 0
        order by ts desc, id desc limit 1`);
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, last.id);
    assert.equal(await findStatus().textContent(), `${n} / ${n}`);
  });

  test('find: sql: takes a WHERE clause, and an error is shown', async () => {
    await findBox().fill('');
    await page.waitForSelector('.find-status[data-state="idle"]', {state: 'attached'});
    await findBox().fill('sql: dur > 5000000 and depth = 0');
    await page.waitForSelector('.find-status[data-count]');
    const [{n}] = await sql('select count(*) as n from slice where dur > 5000000 and depth = 0');
    assert.equal(await findStatus().getAttribute('data-count'), String(n));
    await findBox().fill('sql: nope = 1');
    await page.waitForSelector('.find-status[data-state="error"]');
    assert.match(await findStatus().textContent(), /no such column: nope/);
    await findBox().press('Escape');
  });

  test('select + summary: R selects the window, totals equal a SQL check, rows lead to slices', async () => {
    await openExample();
    await page.keyboard.press('r');
    await page.waitForSelector('#summary-panel[data-ready="true"]');
    assert.equal(await page.getByRole('tab', {name: 'Summary'}).getAttribute('aria-selected'), 'true');
    const shown = await page.$$eval('#summary-by-name tbody tr', (trs) => trs.map((tr) => ({
      name: tr.dataset.name, n: Number(tr.dataset.count), total: Number(tr.dataset.total),
      self: Number(tr.dataset.self)})));
    const expected = await sql(`select coalesce(name, '') as name, count(*) as n,
        sum(case when dur > 0 then dur else 0 end) as total,
        sum(case when dur > 0 then dur else 0 end
            - coalesce((select sum(c.dur) from slice c where c.parent_id = s.id and c.dur > 0), 0)) as self
        from slice s group by name`);
    const byName = (rows) => Object.fromEntries(rows.map((r) => [r.name, [r.n, r.total, r.self]]));
    assert.deepEqual(byName(shown), byName(expected));
    const [{slices}] = await sql('select count(*) as slices from slice');
    assert.equal(shown.reduce((a, r) => a + r.n, 0), slices);
    // Counters: the JSHeap used track's min / max.
    const counters = await page.$$eval('#summary-counters tbody tr', (trs) => trs.map((tr) => ({
      track: Number(tr.dataset.track), min: Number(tr.dataset.min), max: Number(tr.dataset.max)})));
    const [c] = await sql(`select track_id as track, min(value) as min, max(value) as max from counter
        where track_id = ${counters[0].track}`);
    assert.deepEqual(counters[0], c);

    // A name's row lists its slices, longest first; a slice selects it.
    await page.getByRole('button', {name: /^List the \d+ slices named ImageDecodeTask$/}).click();
    const [longest] = await sql(`select id from slice where name = 'ImageDecodeTask' order by dur desc, id limit 1`);
    await page.getByRole('button', {name: `Select slice ${longest.id}`}).click();
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, longest.id);
    await page.getByRole('tab', {name: 'Summary'}).click();
    await page.screenshot({path: path.join(ARTIFACTS, 'summary_all.png')});
  });

  test('select + summary: Shift+drag over one thread summarizes its slices; M marks, F zooms', async () => {
    const canvas = await page.locator('#timeline-canvas').boundingBox();
    const row = await page.locator('#track-tree .track-row[data-name="CrRendererMain 20"]').boundingBox();
    const y = row.y + row.height / 2;
    await page.keyboard.down('Shift');
    await page.mouse.move(canvas.x + canvas.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(canvas.x + canvas.width * 0.6, y, {steps: 5});
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await page.waitForSelector('#summary-panel[data-ready="true"]');
    const area = await page.evaluate(() => window.weftViewer.workflows.area.area);
    assert.equal(area.groupIds.length, 1);
    const [{utid}] = await sql(`select utid from thread where tid = 20`);
    const expected = await sql(`select name, count(*) as n from slice
        where track_id in (select id from thread_track where utid = ${utid})
          and ts <= ${Math.round(area.end)} and ts + dur >= ${Math.round(area.start)}
        group by name order by name`);
    const shown = await page.$$eval('#summary-by-name tbody tr', (trs) =>
      trs.map((tr) => ({name: tr.dataset.name, n: Number(tr.dataset.count)})));
    shown.sort((a, b) => (a.name < b.name ? -1 : 1));
    assert.deepEqual(shown, expected);
    await page.screenshot({path: path.join(ARTIFACTS, 'summary_area.png')});

    await page.keyboard.press('m');
    assert.equal(await page.evaluate(() => window.weftViewer.workflows.area.marks.length), 1);
    await page.keyboard.press('f');
    const span = await page.evaluate(() => window.weftViewer.timeline.scale.span);
    assert.ok(Math.abs(span - 1.2 * (area.end - area.start)) < 1000, `span ${span}`);
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => window.weftViewer.workflows.area.area), null);
  });

  test('info: metadata and stats; a damaged trace shows the badge', async () => {
    await openExample();
    assert.equal(await page.getByRole('button', {name: /^Trace damaged/}).count(), 0);
    await page.getByRole('tab', {name: 'Info'}).click();
    assert.equal(await page.textContent('#info-panel tr[data-key="Trace"] td'), 'viewer_example.json');
    assert.ok(await page.getByRole('table', {name: 'Trace metadata'}).isVisible());

    const cut = path.join(TMP, 'cut.json');
    fs.writeFileSync(cut, '{"traceEvents": [{"ph": "X", "ts": 1, "dur": 2, "pid": 1, "tid": 1, "name": "a"}, {"ph": ');
    await page.setInputFiles('#file-input', cut);
    assert.equal(await waitForLoad(page), 'ready');
    const badge = page.getByRole('button', {name: /^Trace damaged/});
    await badge.waitFor();
    assert.ok(await page.isVisible('#load-warning'));  // The banner stays too.
    await badge.click();
    assert.equal(await page.getByRole('tab', {name: 'Info'}).getAttribute('aria-selected'), 'true');
    const first = page.locator('#info-panel .info-stats tbody tr').first();
    assert.equal(await first.getAttribute('data-stat'), 'truncated_trace');
    assert.equal(await first.getAttribute('data-severity'), 'data_loss');
    assert.equal(await first.getAttribute('class'), 'stat-damage');
    const [stat] = await sql(`select description from stats where name = 'truncated_trace'`);
    assert.equal(await first.locator('td').last().textContent(), stat.description);
    await page.screenshot({path: path.join(ARTIFACTS, 'info_damaged.png')});
  });

  test('tracks: pin to the top, filter by name, collapse / expand all', async () => {
    await openExample();
    await page.getByRole('button', {name: 'Pin CrGpuMain 30'}).click();
    assert.equal((await treeNames())[0], 'CrGpuMain 30');
    assert.equal(await page.getByRole('button', {name: 'Unpin CrGpuMain 30'}).getAttribute('aria-pressed'), 'true');
    await page.getByRole('searchbox', {name: 'Filter tracks'}).fill('compositor');
    await page.waitForFunction(() => document.querySelectorAll('#track-tree .track-row').length === 3);
    assert.deepEqual(await treeNames(), ['CrGpuMain 30', 'Renderer 2', 'Compositor 21']);
    await page.screenshot({path: path.join(ARTIFACTS, 'tracks_pinned_filtered.png')});
    await page.getByRole('searchbox', {name: 'Filter tracks'}).fill('');
    await page.waitForFunction(() => document.querySelectorAll('#track-tree .track-row').length === 15);
    await page.getByRole('button', {name: 'Collapse all'}).click();
    assert.deepEqual(await treeNames(), ['CrGpuMain 30', 'Navigation', 'legacy_chrome_global_instants',
      'Browser 1', 'Renderer 2', 'GPU Process 3']);
    await page.keyboard.press(']');  // Expand all.
    assert.equal((await treeNames()).length, 15);
    await page.getByRole('button', {name: 'Unpin CrGpuMain 30'}).click();
    assert.equal((await treeNames())[0], 'Navigation');
  });

  test('URL: the hash keeps view, selection and pins; Back / Forward step through selections', async () => {
    await openExample();
    const ids = (await sql(`select id from slice where name = 'RunTask' order by ts, id limit 2`)).map((r) => r.id);
    await findBox().fill('sql: name = \'RunTask\'');
    await page.waitForSelector('.find-status[data-count]');
    await findBox().press('Enter');
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, ids[0]);
    await findBox().press('Enter');
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, ids[1]);
    await page.getByRole('button', {name: 'Pin IOThread 2'}).click();
    await page.waitForFunction((id) => location.hash.includes(`slice=${id}`) && location.hash.includes('pin='), ids[1]);

    // Back / Forward step through the selections.
    await page.goBack();
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, ids[0]);
    await page.goForward();
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, ids[1]);

    await page.waitForTimeout(500);  // The view is written once it rests.
    const url = page.url();
    const view = await page.evaluate(() => [window.weftViewer.timeline.scale.start, window.weftViewer.timeline.scale.end]);
    assert.match(url, /\?url=\/test\/data\/viewer_example\.json#view=-?\d+,-?\d+&slice=\d+&pin=\d+$/);
    await page.reload();
    assert.equal(await waitForLoad(page), 'ready');
    await page.waitForFunction((id) => window.weftViewer.timeline.selectedSliceId === id, ids[1]);
    const view2 = await page.evaluate(() => [window.weftViewer.timeline.scale.start, window.weftViewer.timeline.scale.end]);
    assert.ok(Math.abs(view2[0] - view[0]) <= 1 && Math.abs(view2[1] - view[1]) <= 1, `${view2} vs ${view}`);
    assert.equal((await treeNames())[0], 'IOThread 2');
    await page.waitForSelector(`#details-panel[data-slice-id="${ids[1]}"]`);
    assert.equal(page.url(), url);
    await page.screenshot({path: path.join(ARTIFACTS, 'url_round_trip.png')});
  });

  test('help: ? lists every shortcut; every control has an accessible name', async () => {
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', {name: 'Keyboard shortcuts'});
    await dialog.waitFor();
    const shown = await dialog.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => tr.querySelector('kbd').textContent));
    const registered = await page.evaluate(() =>
      window.weftViewer.workflows.shortcuts.entries.map((e) => e.label));
    assert.deepEqual(shown, registered);
    for (const key of ['Ctrl+F or /', 'F', 'M', 'R', 'P', 'T', '?', 'Shift+drag']) {
      assert.ok(shown.includes(key), `${key} missing from the help`);
    }
    await page.screenshot({path: path.join(ARTIFACTS, 'help.png')});
    await page.keyboard.press('Escape');
    await dialog.waitFor({state: 'hidden'});
    const unnamed = await page.evaluate(() => [...document.querySelectorAll('button, input, textarea')]
        .filter((e) => e.offsetParent !== null || e.type === 'file')
        .filter((e) => !(e.getAttribute('aria-label') || e.textContent.trim() ||
          (e.labels && e.labels.length)))
        .map((e) => e.outerHTML.slice(0, 80)));
    assert.deepEqual(unnamed, []);
    assert.deepEqual(page.errors, []);
  });
});
