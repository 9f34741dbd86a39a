// The viewer page: wires the loader, track tree, timeline, details panel and
// SQL console together, and holds the loaded trace (one Engine at a time:
// opening another trace closes the previous engine and frees its memory).
// Reference: docs/viewer.md

import {DetailsPanel} from './details_panel.js';
import {JsProfilePanel} from './js_profile_panel.js';
import {SqlConsole} from './sql_console.js';
import {Timeline} from './timeline.js';
import {TraceLoader} from './loader.js';
import {TrackTree} from './track_tree.js';
import {loadTraceModel} from './trace_model.js';

const EXAMPLE_URL = '../../test/data/viewer_example.json';
const $ = (id) => document.getElementById(id);

let engine = null;
let model = null;

const tree = new TrackTree($('track-tree'), () => timeline.requestDraw());
const timeline = new Timeline({
  scroll: $('tracks-scroll'),
  column: $('canvas-column'),
  canvas: $('timeline-canvas'),
  axis: $('time-axis'),
  axisInfo: $('axis-info'),
}, tree, (id, flows) => {
  if (id === null) details.clear();
  else {
    showTab('details');
    details.show(id, flows);
  }
});
const details = new DetailsPanel($('details-panel'),
    (id) => timeline.select(id, {reveal: true}).catch((e) => console.error(e)));
const sqlConsole = new SqlConsole({
  input: $('sql-input'), run: $('sql-run'), status: $('sql-status'), results: $('sql-results'),
});
// The range in view; the whole trace before the timeline has a scale.
const jsProfile = new JsProfilePanel($('js-profile-panel'), () =>
  timeline.scale ? [timeline.scale.start, timeline.scale.end] : [model.start, model.end]);
const loader = new TraceLoader({
  fileInput: $('file-input'),
  dropOverlay: $('drop-overlay'),
  progress: $('load-progress'),
  progressBar: $('load-progress-bar'),
  progressText: $('load-progress-text'),
  cancel: $('load-cancel'),
  error: $('load-error'),
  errorText: $('load-error-text'),
  errorClose: $('load-error-close'),
  warning: $('load-warning'),
  warningText: $('load-warning-text'),
  warningClose: $('load-warning-close'),
}, {
  onStart(name) {
    window.weftViewer.loadStartedAt = performance.now();
    closeTrace();
    setState('loading');
    $('trace-info').textContent = `Loading ${name}…`;
  },
  async onLoaded(newEngine, info) {
    const t0 = performance.now();
    const newModel = await loadTraceModel(newEngine);
    window.weftViewer.modelMs = performance.now() - t0;
    engine = newEngine;
    model = newModel;
    tree.setGroups(model.groups);
    timeline.setTrace(engine, model);
    details.setTrace(engine, model);
    sqlConsole.setEngine(engine);
    jsProfile.setEngine(engine);
    $('trace-info').textContent = describeLoad(info, model);
    setState('ready');
  },
  onFailed() {
    $('trace-info').textContent = '';
    setState('error');
  },
  onCancelled() {
    $('trace-info').textContent = 'Loading cancelled.';
    setState('empty');
  },
});

function closeTrace() {
  if (engine) engine.close();
  engine = model = null;
  tree.clear();
  timeline.clear();
  details.setTrace(null, null);
  sqlConsole.setEngine(null);
  jsProfile.setEngine(null);
}

function setState(state) {
  document.body.dataset.state = state;
  $('empty-state').hidden = state === 'ready';
}

function describeLoad(info, m) {
  const parts = [info.name];
  if (info.bytes) {
    parts.push(info.bytes < (1 << 20) ? `${(info.bytes / 1024).toFixed(1)} KB`
        : `${(info.bytes / (1 << 20)).toFixed(1)} MB`);
  }
  parts.push(`${m.sliceCount.toLocaleString('en-US')} slices`);
  parts.push(`${m.groups.length.toLocaleString('en-US')} tracks`);
  let loaded = info.native ? 'queried by the native engine'
      : `loaded in ${info.seconds.toFixed(2)} s`;
  if (info.bytes && info.seconds > 0) {
    loaded += ` (${(info.bytes / (1 << 20) / info.seconds).toFixed(1)} MB/s)`;
  }
  parts.push(loaded);
  return parts.join(' · ');
}

function showTab(name) {
  for (const tab of ['details', 'sql', 'js-profile']) {
    $(`tab-${tab}`).setAttribute('aria-selected', String(tab === name));
    $(`${tab}-panel`).hidden = tab !== name;
  }
  if (name === 'js-profile') jsProfile.refresh().catch((e) => console.error(e));
}
$('tab-details').addEventListener('click', () => showTab('details'));
$('tab-sql').addEventListener('click', () => showTab('sql'));
$('tab-js-profile').addEventListener('click', () => showTab('js-profile'));

function openExample() {
  loader.open({url: new URL(EXAMPLE_URL, location.href).href}, 'viewer_example.json');
}
$('open-file').addEventListener('click', () => $('file-input').click());
$('open-file-2').addEventListener('click', () => $('file-input').click());
$('open-example').addEventListener('click', openExample);
$('open-example-2').addEventListener('click', openExample);

// ?url=PATH opens a trace served by this same host (never another one: the
// viewer makes no network calls elsewhere).
function openFromQuery() {
  const param = new URLSearchParams(location.search).get('url');
  if (!param) return;
  const url = new URL(param, location.href);
  const name = decodeURIComponent(url.pathname.split('/').pop() || 'trace');
  if (url.origin !== location.origin) {
    $('load-error-text').textContent =
        `Not opening ${url.href}: ?url= only opens traces served by this host.`;
    $('load-error').hidden = false;
    setState('error');
    return;
  }
  loader.open({url: url.href}, name);
}

// "Attach to local weft" / ?rpc=ws://127.0.0.1:PORT/websocket: the trace
// held by a `weft --httpd` on this machine (loopback only, so a link cannot
// point the viewer at another machine).
const LOCAL_WEFT = 'ws://127.0.0.1:9001/websocket';
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

function attachToWeft(param) {
  let url = null;
  try {
    url = new URL(param);
  } catch (e) { /* Reported below. */ }
  if (!url || url.protocol !== 'ws:' || !LOOPBACK_HOSTS.includes(url.hostname)) {
    $('load-error-text').textContent =
        `Not attaching to ${param}: ?rpc= takes ws://127.0.0.1:PORT/websocket (this machine only).`;
    $('load-error').hidden = false;
    setState('error');
    return;
  }
  loader.attach(url.href, `weft -D at ${url.host}`);
}
$('attach-weft').addEventListener('click', () => attachToWeft(LOCAL_WEFT));

// A handle for tests and benchmarks (the page works without it).
window.weftViewer = {
  loadStartedAt: null,  // performance.now() when the last load started.
  modelMs: null,        // Time spent on the track tree, bounds, long slices.
  timeline,
  tree,
  loader,
  get engine() { return engine; },
  get model() { return model; },
};

setState('empty');
const rpcParam = new URLSearchParams(location.search).get('rpc');
if (rpcParam) attachToWeft(rpcParam);
else openFromQuery();
