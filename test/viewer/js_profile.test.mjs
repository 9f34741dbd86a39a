// End-to-end test of the viewer's JS frames (sync tracks) in headless
// Chromium: a DevTools recording with JS sampling shows profile calls in
// the main thread's track, coloured by script, with source and sample count
// in the details; the "JS profile" tab puts `baz` first by total time on
// the main thread, as DevTools does (async-js-calls.json.gz).
//
//   node --test test/viewer/js_profile.test.mjs

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';

import {ROOT, launchBrowser, openTraceFile, pageQuery, startServer} from './browser.mjs';

const TRACE = path.resolve(ROOT, '../shared/corpus/chrome/async-js-calls.json.gz');
// Its scripts have no URL: the details' source is checked on a recording
// whose frames have one.
const TRACE_WITH_URLS = path.resolve(ROOT, '../shared/corpus/chrome/set-timeout-long-task.json.gz');
const ARTIFACTS = path.join(ROOT, 'out/viewer_artifacts');

let server, browser, page;

const sql = (query) => pageQuery(page, query);

before(async () => {
  assert.ok(fs.existsSync(TRACE), `missing fixture ${TRACE}`);
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

describe('JS profile', () => {
  test('profile calls are slices of the main thread track', async () => {
    const [r] = await sql(`select count(*) as n, count(distinct s.track_id) as tracks,
        max(t.tid) as tid from slice s join thread_track tt on s.track_id = tt.id
        join thread t using (utid) where s.category = 'ProfileCall'`);
    assert.ok(r.n > 1000, `${r.n} profile calls`);
    assert.equal(r.tracks, 1);
    assert.equal(r.tid, 259);
  });

  test('details of a JS frame show its source and sample count', async () => {
    assert.equal(await openTraceFile(page, TRACE_WITH_URLS), 'ready');
    const [s] = await sql(`select id from slice where category = 'ProfileCall'
        and extract_arg(arg_set_id, 'url') is not null order by dur desc limit 1`);
    await page.evaluate((id) => window.weftViewer.timeline.select(id, {reveal: true}), s.id);
    await page.waitForSelector(`#details-panel[data-slice-id="${s.id}"]`);
    const source = await page.textContent('#details-panel tr[data-field="source"] td');
    assert.match(source, /^https?:\/\/.+:\d+$/);
    const samples = Number(await page.textContent('#details-panel tr[data-field="samples"] td'));
    assert.ok(samples >= 1);
    await page.screenshot({path: path.join(ARTIFACTS, 'js_profile_details.png')});
    assert.equal(await openTraceFile(page, TRACE), 'ready');
  });

  test('the JS profile tab puts baz first by total time on the main thread', async () => {
    // The whole trace in view.
    await page.evaluate(() => {
      const s = window.weftViewer.timeline.scale;
      s.start = s.traceStart;
      s.end = s.traceEnd;
    });
    await page.click('#tab-js-profile');
    await page.waitForSelector('#js-profile-panel[data-ready] .js-profile-table tbody tr');
    const names = await page.$$eval('#js-profile-panel tbody tr',
        (rows) => rows.map((r) => r.dataset.function));
    assert.equal(names[0], 'baz');
    const thread = await page.$eval('#js-profile-panel select', (s) => s.selectedOptions[0].textContent);
    assert.match(thread, /259/);
    await page.screenshot({path: path.join(ARTIFACTS, 'js_profile_tab.png')});
  });
});
