// The viewer page: wires the loader, track tree, timeline, details panel and
// SQL console together, and holds the loaded trace (one Engine at a time:
// opening another trace closes the previous engine and frees its memory).
// Reference: docs/viewer.md

import {AlertsPanel, annotationSection, deriveEvents, derivedGroupIds, inDisplayOrder}
    from './analysis_view.js';
import {DetailsPanel} from './details_panel.js';
import {MetricsPanel} from './metrics_panel.js';
import {JsProfilePanel} from './js_profile_panel.js';
import {SqlConsole} from './sql_console.js';
import {Tabs} from './tabs.js';
import {Timeline} from './timeline.js';
import {TraceLoader} from './loader.js';
import {TrackTree} from './track_tree.js';
import {loadTraceModel} from './trace_model.js';
import {loadMarks, markLoad} from './load_marks.js';
import {setUpWorkflows} from './workflows.js';

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
    tabs.show('details');
    details.show(id, flows).then(() => showAnnotations(id));
  }
  workflows.selectionChanged();
}, (kind, id) => {
  tabs.show('details');
  details.showSched(kind, id);
  workflows.selectionChanged();
});
// The bottom panel's tabs; features add theirs with tabs.add(name, label).
const tabs = new Tabs(document.querySelector('.bottom-panel .tabs'), document.querySelector('.bottom-panel'));
tabs.adopt('details');
tabs.adopt('sql');
tabs.adopt('alerts');
tabs.adopt('metrics');
tabs.adopt('js-profile');
const alerts = new AlertsPanel($('alerts-panel'),
    (id) => timeline.select(id, {reveal: true}).catch((e) => console.error(e)));
timeline.addOverlay((ctx, view) => alerts.drawMarkers(ctx, view));
const metrics = new MetricsPanel({select: $('metrics-select'), run: $('metrics-run'),
  status: $('metrics-status'), output: $('metrics-output')});

// Appends the slice's annotations to the details panel, if still shown.
async function showAnnotations(id) {
  if (!engine) return;
  const section = await annotationSection(engine, id).catch(() => null);
  const panel = $('details-panel');
  if (section && panel.dataset.sliceId === String(id)) panel.appendChild(section);
}
const details = new DetailsPanel($('details-panel'),
    (id) => timeline.select(id, {reveal: true}).catch((e) => console.error(e)));
const sqlConsole = new SqlConsole({
  input: $('sql-input'), run: $('sql-run'), status: $('sql-status'), results: $('sql-results'),
});
const workflows = setUpWorkflows({
  topbar: document.querySelector('.topbar'),
  findAnchor: $('find-anchor'),
  badgeAnchor: $('badge-anchor'),
  trackTools: document.querySelector('.timeline .axis-row'),
  axis: $('time-axis'),
}, {timeline, tree, tabs});
// The range in view; the whole trace before the timeline has a scale.
const jsProfile = new JsProfilePanel($('js-profile-panel'), () =>
  timeline.scale ? [timeline.scale.start, timeline.scale.end] : [model.start, model.end]);
tabs.onShow('js-profile', () => jsProfile.refresh().catch((e) => console.error(e)));
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
    await deriveEvents(newEngine).catch((e) => console.error(e));
    const [newModel, derived] = await Promise.all([loadTraceModel(newEngine),
      derivedGroupIds(newEngine).catch(() => new Set())]);
    for (const g of newModel.groups) g.derived = derived.has(g.id);
    if (derived.size) newModel.groups = inDisplayOrder(newModel.groups);
    window.weftViewer.modelMs = performance.now() - t0;
    markLoad('model');
    engine = newEngine;
    model = newModel;
    tree.setGroups(model.groups);
    timeline.setTrace(engine, model);
    details.setTrace(engine, model);
    sqlConsole.setEngine(engine);
    metrics.setEngine(engine);
    await alerts.setTrace(engine).catch((e) => console.error(e));
    timeline.requestDraw();
    jsProfile.setEngine(engine);
    $('trace-info').textContent = describeLoad(info, model);
    setState('ready');
    await workflows.traceShown(engine, model, info);
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
  workflows.traceClosed();
  metrics.setEngine(null);
  alerts.clear();
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


function openExample() {
  loader.open({url: new URL(EXAMPLE_URL, location.href).href}, 'viewer_example.json');
}
for (const id of ['open-file', 'open-file-2', 'open-example', 'open-example-2']) {
  // Reaching for a trace starts its engine (see spare_engine.js).
  for (const type of ['pointerenter', 'focus']) {
    $(id).addEventListener(type, () => loader.prepareEngine());
  }
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
  loadMarks,            // {step: ms} of the last load (load_marks.js).
  timeline,
  tree,
  loader,
  tabs,
  workflows,
  alerts,
  get engine() { return engine; },
  get model() { return model; },
};

setState('empty');
const rpcParam = new URLSearchParams(location.search).get('rpc');
if (rpcParam) {
  attachToWeft(rpcParam);
} else {
  loader.prepareEngine();  // The first trace's engine starts with the page.
  openFromQuery();
}
