// Viewer benchmark (run by `tools/bench --viewer`): in headless Chromium,
// the time from choosing a trace file to the first complete timeline frame,
// then frame times while zooming (W held) and panning (D held, then a mouse
// drag), and the workflows on the whole trace: the find count for a name
// and the Summary of a selection of the whole trace. Prints one JSON object.
// With --first-frame N, only the time to the first frame, in N fresh pages:
// each run's steps (load_marks.js) and their medians.
//
//   node test/viewer/bench_viewer.mjs TRACE [--first-frame N]

import fs from 'node:fs';

import {launchBrowser, startServer, waitForCompleteFrame, waitForLoad} from './browser.mjs';

function summary(values) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const r = (v) => Math.round(v * 100) / 100;
  return {n: s.length, median: r(at(0.5)), p95: r(at(0.95)), max: r(s[s.length - 1])};
}

// Runs |action| while recording every animation frame's interval and the
// timeline's own draw times; returns their summaries.
async function measureFrames(page, action) {
  await page.evaluate(() => {
    const rec = {stamps: [], on: true, frames0: window.weftViewer.timeline.stats().frames};
    window.__frameRec = rec;
    const tick = (t) => {
      if (!rec.on) return;
      rec.stamps.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await action();
  const r = await page.evaluate(() => {
    const rec = window.__frameRec;
    rec.on = false;
    const st = window.weftViewer.timeline.stats();
    const drawn = st.frames - rec.frames0;
    const intervals = rec.stamps.slice(1).map((t, i) => t - rec.stamps[i]);
    return {intervals, draw: st.frameMs.slice(-drawn), drawn};
  });
  return {frames: r.drawn, drawMs: summary(r.draw), intervalMs: summary(r.intervals)};
}

// Find (the name of the slice in the middle of the trace, as typed) and the
// summary of the whole trace (R with the whole trace in view), timed from
// the call to the result shown.
async function measureWorkflows(page) {
  return page.evaluate(async () => {
    const v = window.weftViewer;
    const [{name}] = await v.engine.query(`select name from slice
        where id = (select count(*) from slice) / 2`).toArray();
    const find = v.workflows.find;
    let t0 = performance.now();
    await find.search(name);
    const findResult = {term: name, matches: find.count, ms: Math.round(performance.now() - t0)};
    find.setTrace(v.engine);  // Clears the search again.

    const s = v.timeline.scale;
    [s.start, s.end] = [s.traceStart, s.traceEnd];
    const panel = document.getElementById('summary-panel');
    t0 = performance.now();
    v.workflows.area.selectVisible();
    while (panel.dataset.ready !== 'true') await new Promise((r) => setTimeout(r, 2));
    return {
      find: findResult,
      summary: {ms: Math.round(performance.now() - t0),
        names: panel.querySelectorAll('#summary-by-name tbody tr').length},
    };
  });
}

// Opens |trace| in a fresh page, as a user does: once the page has loaded
// and started its engine (spare_engine.js), the file is chosen. Returns the
// figures of the path from the file chosen to the first complete frame.
async function openFirstFrame(page, server, trace) {
  await page.goto(server.url);
  await page.waitForFunction(() => window.weftViewer);
  // Pages before spare_engine.js have no engineReadyAt: nothing to wait for.
  await page.waitForFunction(() => window.weftViewer.loader.engineReadyAt !== null, null,
      {timeout: 60000});
  const engineReadyAtPageMs = await page.evaluate(() => window.weftViewer.loader.engineReadyAt);
  await page.setInputFiles('#file-input', trace);
  const state = await waitForLoad(page, 600000);
  if (state !== 'ready') {
    throw new Error(`load failed: ${await page.textContent('#load-error-text')}`);
  }
  await waitForCompleteFrame(page, 600000);
  const load = await page.evaluate(() => {
    const v = window.weftViewer;
    return {
      firstFrameMs: v.timeline.stats().firstCompleteAt - v.loadStartedAt,
      engineCreateMs: Math.round(v.loader.lastCreateMs),
      engineLoadMs: Math.round(v.loader.lastLoadMs),
      modelMs: Math.round(v.modelMs),
      marks: v.loadMarks ? v.loadMarks() : null,
      info: document.getElementById('trace-info').textContent,
      slices: v.model.sliceCount,
      tracks: v.model.groups.length,
    };
  });
  return {...load, firstFrameMs: Math.round(load.firstFrameMs),
    engineReadyAtPageMs: engineReadyAtPageMs === undefined ? null : Math.round(engineReadyAtPageMs)};
}

// --first-frame N: only the path to the first frame, N times, each in a
// fresh browser (no code cached by an earlier run); prints each run and the
// medians.
async function firstFrameRuns(trace, runs) {
  const server = await startServer();
  try {
    const out = [];
    for (let i = 0; i < runs; i++) {
      const {page, close} = await launchBrowser({width: 1600, height: 1000});
      try {
        const r = await openFirstFrame(page, server, trace);
        delete r.info;
        out.push(r);
        console.error(JSON.stringify(r));
      } finally {
        await close();
      }
    }
    const median = (key, get = (r) => r[key]) => summary(out.map(get).filter((v) => v !== null &&
        v !== undefined))?.median ?? null;
    const marks = {};
    for (const step of Object.keys(out[0].marks || {})) {
      marks[step] = median(step, (r) => r.marks?.[step]);
    }
    console.log(JSON.stringify({trace, runs: out, median: {
      firstFrameMs: median('firstFrameMs'), engineCreateMs: median('engineCreateMs'),
      engineLoadMs: median('engineLoadMs'), modelMs: median('modelMs'), marks}}, null, 1));
  } finally {
    server.stop();
  }
}

async function main() {
  const [trace, flag, count] = process.argv.slice(2);
  if (!trace || !fs.existsSync(trace) || (flag && flag !== '--first-frame')) {
    console.error('usage: node test/viewer/bench_viewer.mjs TRACE [--first-frame RUNS]');
    process.exit(2);
  }
  if (flag) return firstFrameRuns(trace, Number(count) || 5);
  const server = await startServer();
  const {page, close} = await launchBrowser({width: 1600, height: 1000});
  try {
    const load = await openFirstFrame(page, server, trace);
    const canvas = await page.locator('#timeline-canvas').boundingBox();
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + 200);

    const zoom = await measureFrames(page, async () => {
      await page.keyboard.down('w');
      await page.waitForTimeout(1000);
      await page.keyboard.up('w');
    });
    const pan = await measureFrames(page, async () => {
      await page.keyboard.down('d');
      await page.waitForTimeout(2000);
      await page.keyboard.up('d');
    });
    const drag = await measureFrames(page, async () => {
      const y = canvas.y + 200;
      await page.mouse.move(canvas.x + canvas.width * 0.8, y);
      await page.mouse.down();
      for (let i = 1; i <= 60; i++) {
        await page.mouse.move(canvas.x + canvas.width * (0.8 - i * 0.01), y);
      }
      await page.mouse.up();
      await page.waitForTimeout(200);
    });
    await waitForCompleteFrame(page);
    const workflows = await measureWorkflows(page);
    console.log(JSON.stringify({
      trace,
      bytes: fs.statSync(trace).size,
      ...load,
      zoomW: zoom,
      panD: pan,
      dragPan: drag,
      ...workflows,
      pageErrors: page.errors,
    }, null, 1));
  } finally {
    await close();
    server.stop();
  }
}

main().catch((e) => {
  console.error(`bench_viewer: ${e.message}`);
  process.exit(1);
});
