// Shared by the viewer's end-to-end tests and its benchmark: starts
// tools/serve on a free port and Debian's headless Chromium (never a
// downloaded browser) with a fresh profile, driven by playwright-core.

import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

import {chromium} from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.WEFT_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

// Starts tools/serve --port 0; resolves {url, stop()}.
export async function startServer() {
  const proc = spawn(path.join(ROOT, 'tools/serve'), ['--port', '0', '--no-build'],
      {stdio: ['ignore', 'pipe', 'inherit']});
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/localhost:\d+\//.exec(out);
      if (m) resolve(m[0]);
    });
    proc.on('exit', (code) => reject(new Error(`tools/serve exited (${code}): ${out}`)));
  });
  // Never outlive the test process, even when it stops on an error.
  const stop = () => proc.kill();
  process.once('exit', stop);
  return {url, stop};
}

// Launches Chromium with a fresh --user-data-dir; resolves {context, page,
// close()} with the page's console errors collected in page.errors.
export async function launchBrowser({width = 1400, height = 900} = {}) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: tools/install-deps installs Debian's chromium`);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'weft-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: {width, height},
  });
  const page = context.pages()[0] || await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  const close = async () => {
    await context.close();
    fs.rmSync(profile, {recursive: true, force: true});
  };
  return {context, page, close};
}

// Waits until the page finished loading a trace (ready or error state).
export async function waitForLoad(page, timeout = 120000) {
  await page.waitForSelector('body[data-state="ready"], body[data-state="error"]', {timeout});
  return page.evaluate(() => document.body.dataset.state);
}

// Waits until two animation frames have passed: a change of the view (a
// scroll, a zoom) has been drawn, so the canvas' data-complete mark is about
// the new view, not the one before it.
export async function waitForRedraw(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

// Waits for a frame drawn with the data of every row in view.
export async function waitForCompleteFrame(page, timeout = 120000) {
  await page.waitForSelector('#timeline-canvas[data-complete="true"]', {timeout});
}

// Rows of |sql| run by the page's engine, as plain objects (bigints as
// numbers).
export async function pageQuery(page, sql) {
  return page.evaluate(async (q) => {
    const rows = await window.weftViewer.engine.query(q).toArray();
    return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) =>
      [k, typeof v === 'bigint' ? Number(v) : v])));
  }, sql);
}

// Opens |file| with the page's file input; once the load ended, waits for a
// complete frame if it loaded. Returns the page state ('ready' / 'error').
export async function openTraceFile(page, file, timeout = 120000) {
  await page.setInputFiles('#file-input', file);
  const state = await waitForLoad(page, timeout);
  if (state === 'ready') await waitForCompleteFrame(page, timeout);
  return state;
}
