// Opening a trace: file picker, drag-and-drop, a same-host URL (?url= or the
// bundled example), or attaching to a local `weft --httpd` (?rpc=). Each
// load gets a fresh Engine (started ahead of time: spare_engine.js), shows
// a progress bar with percent and MB/s that can be cancelled (the engine is
// closed), and on failure shows the engine's error message. A damaged trace
// (cut short) loads in part: a warning banner says where it stops.
import {Engine} from '../engine.js';
import {markLoad, startLoadMarks} from './load_marks.js';
import {SpareEngine} from './spare_engine.js';

const MB = 1 << 20;
// Smaller than the engine's default slice so the progress bar moves often.
const SLICE_BYTES = 8 << 20;

export class TraceLoader {
  // els: {fileInput, dropOverlay, progress, progressBar, progressText,
  //       cancel, error, errorText, errorClose, warning, warningText,
  //       warningClose}
  // hooks: {onStart(name), onLoaded(engine, info), onFailed(), onCancelled()}
  constructor(els, hooks) {
    this._els = els;
    this._hooks = hooks;
    this._token = 0;
    this._engine = null;
    this._spare = new SpareEngine();
    // Timings of the last load: starting the engine (wasm module) and
    // loading the bytes until the engine is ready to answer queries.
    this.lastCreateMs = null;
    this.lastLoadMs = null;
    els.fileInput.addEventListener('change', () => {
      const file = els.fileInput.files[0];
      if (file) this.open(file, file.name);
      els.fileInput.value = '';
    });
    els.cancel.addEventListener('click', () => this.cancel());
    els.errorClose.addEventListener('click', () => { els.error.hidden = true; });
    els.warningClose.addEventListener('click', () => { els.warning.hidden = true; });
    this._attachDrop();
  }

  // Starts the engine for the next trace now (see spare_engine.js): call
  // when the page loads and when the user reaches for a file.
  prepareEngine() {
    this._spare.prepare();
  }

  // performance.now() when the engine for the next trace became ready, or
  // null while it is not (yet) started.
  get engineReadyAt() { return this._spare.readyAt; }

  _attachDrop() {
    let depth = 0;  // dragenter/leave fire for every child element.
    const overlay = this._els.dropOverlay;
    const hasFiles = (e) => [...(e.dataTransfer?.types || [])].includes('Files');
    window.addEventListener('dragenter', (e) => {
      if (!hasFiles(e)) return;
      this.prepareEngine();
      depth++;
      overlay.hidden = false;
    });
    window.addEventListener('dragleave', () => {
      if (depth > 0 && --depth === 0) overlay.hidden = true;
    });
    window.addEventListener('dragover', (e) => {
      if (hasFiles(e)) e.preventDefault();
    });
    window.addEventListener('drop', (e) => {
      depth = 0;
      overlay.hidden = true;
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      e.preventDefault();
      this.open(file, file.name);
    });
  }

  // Loads |source|: a File/Blob, or {url} on this host. Resolves when done
  // (whatever the outcome; the hooks say which).
  async open(source, name) {
    this.cancel({quiet: true});
    startLoadMarks();
    const token = ++this._token;
    const els = this._els;
    els.error.hidden = true;
    els.warning.hidden = true;
    this._hooks.onStart(name);
    this._showProgress(`Starting the engine for ${name}…`, null);
    let engine = null;
    try {
      const created = performance.now();
      engine = await this._spare.take();
      this.lastCreateMs = performance.now() - created;
      markLoad('engine-ready');
      if (token !== this._token) return engine.close();
      this._engine = engine;
      const {input, total} = await openInput(source);
      if (token !== this._token) return;
      const t0 = performance.now();
      this._showProgress(`Loading ${name}…`, 0);
      const {loadWarning} = await engine.load(input, {
        sliceSize: SLICE_BYTES,
        onProgress: ({bytesDone}) => {
          if (token !== this._token) return;
          markLoad('first-slice');
          if (total && bytesDone >= total) markLoad('bytes-parsed');
          this._progressBytes(name, bytesDone, total, performance.now() - t0);
        },
      });
      if (token !== this._token) return;
      markLoad('parsed');
      const seconds = (performance.now() - t0) / 1000;
      this._showProgress(`Preparing the timeline of ${name}…`, null);
      this.lastLoadMs = performance.now() - t0;
      await this._hooks.onLoaded(engine, {name, bytes: total, seconds});
      if (token !== this._token) return;
      this._engine = null;  // Ours no more: the page owns it now.
      els.progress.hidden = true;
      if (loadWarning) {
        els.warningText.textContent = `${name}: ${loadWarning}`;
        els.warning.hidden = false;
      }
    } catch (e) {
      this._failed(token, engine, `Could not load ${name}`, e);
    }
  }

  // Attaches to a running `weft --httpd` at |url| (ws://.../websocket) and
  // shows the trace it holds, queried by the native engine.
  async attach(url, name) {
    this.cancel({quiet: true});
    startLoadMarks();
    const token = ++this._token;
    this._els.error.hidden = true;
    this._hooks.onStart(name);
    this._showProgress(`Connecting to ${url}…`, null);
    let engine = null;
    try {
      engine = await Engine.connect(url);
      if (token !== this._token) return engine.close();
      this._engine = engine;
      const t0 = performance.now();
      const status = await engine.status();
      if (!status.loadedTraceName) {
        throw new Error('the server has no trace loaded (start it as weft -D TRACE_FILE)');
      }
      this._showProgress(`Preparing the timeline of ${name}…`, null);
      await this._hooks.onLoaded(engine, {name, native: true, seconds: (performance.now() - t0) / 1000});
      if (token !== this._token) return;
      this._engine = null;
      this._els.progress.hidden = true;
    } catch (e) {
      this._failed(token, engine, `Could not attach to ${url}`, e);
    }
  }

  _failed(token, engine, what, e) {
    if (token !== this._token) return;  // Cancelled: its error is expected.
    this._engine = null;
    if (engine) engine.close();
    this._els.progress.hidden = true;
    this._els.errorText.textContent = `${what}: ${e.message}`;
    this._els.error.hidden = false;
    this._hooks.onFailed(e);
  }

  // Stops the current load: the engine is closed and its work dropped.
  cancel({quiet = false} = {}) {
    if (!this._engine && this._els.progress.hidden) return;
    this._token++;
    if (this._engine) this._engine.close();
    this._engine = null;
    this._els.progress.hidden = true;
    if (!quiet) this._hooks.onCancelled();
  }

  _showProgress(text, percent) {
    const {progress, progressBar, progressText} = this._els;
    progress.hidden = false;
    progressText.textContent = text;
    if (percent === null) {
      progressBar.removeAttribute('value');  // Indeterminate.
    } else {
      progressBar.value = percent;
    }
    progress.dataset.percent = percent === null ? '' : String(Math.round(percent));
  }

  _progressBytes(name, done, total, ms) {
    const mbps = ms > 0 ? (done / MB) / (ms / 1000) : 0;
    const rate = `${mbps.toFixed(1)} MB/s`;
    if (total) {
      const pct = Math.min(100, (done / total) * 100);
      const tail = done >= total ? ' · processing…' : '';
      this._showProgress(`${name}: ${pct.toFixed(0)}% · ${(done / MB).toFixed(1)} of ` +
          `${(total / MB).toFixed(1)} MB · ${rate}${tail}`, pct);
    } else {
      this._showProgress(`${name}: ${(done / MB).toFixed(1)} MB · ${rate}`, null);
    }
  }
}

// {input, total}: what Engine.load takes, and its size in bytes if known.
async function openInput(source) {
  if (source && typeof source.url === 'string') {
    const res = await fetch(source.url);
    if (!res.ok) throw new Error(`cannot fetch ${source.url}: HTTP ${res.status} ${res.statusText}`);
    const length = Number(res.headers.get('content-length'));
    return {input: res.body, total: length > 0 ? length : undefined};
  }
  return {input: source, total: source.size};
}
