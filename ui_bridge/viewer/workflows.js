// The viewer's workflows beyond looking: find, area selection and its
// summary, trace health (Info tab and badge), track tools, the view in the
// URL, and the keyboard shortcuts with their help. main.js creates this
// once and tells it when a trace is shown or closed and when the selected
// slice changes. Each feature lives in its own module; this file only
// connects them and registers their shortcuts.

import {AreaSelection} from './area_select.js';
import {FindBar} from './find.js';
import {HelpDialog, Shortcuts} from './shortcuts.js';
import {InfoTab} from './info_tab.js';
import {SummaryTab} from './summary.js';
import {TrackTools} from './track_tools.js';
import {UrlState} from './url_state.js';

// els: {topbar, badgeAnchor, trackTools (insert before), axis}; tabs: Tabs.
export function setUpWorkflows(els, {timeline, tree, tabs}) {
  const shortcuts = new Shortcuts();
  const help = new HelpDialog(shortcuts);
  const find = new FindBar(els.findAnchor, timeline);
  const info = new InfoTab(tabs.add('info', 'Info'), els.badgeAnchor, () => tabs.show('info'));
  const summary = new SummaryTab(tabs.add('summary', 'Summary'),
      (id) => timeline.select(id, {reveal: true}).catch((e) => console.error(e)));
  const area = new AreaSelection(timeline, els.axis, (a) => {
    summary.show(a);
    if (a) tabs.show('summary');
  });
  const trackTools = new TrackTools(els.trackTools, tree);
  const url = new UrlState(timeline, tree);
  const helpButton = document.createElement('button');
  helpButton.className = 'button';
  helpButton.textContent = '?';
  helpButton.setAttribute('aria-label', 'Keyboard shortcuts');
  helpButton.addEventListener('click', () => help.toggle());
  els.topbar.appendChild(helpButton);

  const zoomToSelection = () => {
    const s = timeline.selectedSlice;
    if (area.area) timeline.zoomTo(area.area.start, area.area.end);
    else if (s) timeline.zoomTo(s.ts, s.dur < 0 ? timeline.model.end : s.ts + s.dur);
  };
  const pinSelected = () => {
    const s = timeline.selectedSlice;
    if (s) tree.togglePin(s.g);
  };
  const has = () => timeline.hasTrace;
  const keys = [
    {keys: ['ctrl+f', '/'], label: 'Ctrl+F or /', description: 'Find slices by name (sql: for a WHERE clause)',
      run: () => find.focus(), whileTyping: ['ctrl+f']},
    {keys: [], label: 'Enter / Shift+Enter', description: 'In the find box: next / previous match'},
    {keys: ['f'], label: 'F', description: 'Zoom to the area selection or the selected slice',
      run: () => has() && zoomToSelection()},
    {keys: ['m'], label: 'M', description: 'Mark the area selection (or the selected slice) with a band',
      run: () => has() && area.mark()},
    {keys: ['r'], label: 'R', description: 'Select the visible time range over all tracks (summary)',
      run: () => has() && area.selectVisible()},
    {keys: ['p'], label: 'P', description: "Pin / unpin the selected slice's track",
      run: () => has() && pinSelected()},
    {keys: ['t'], label: 'T', description: 'Filter the tracks by name', run: () => trackTools.focus()},
    {keys: [']'], label: ']', description: 'Expand all tracks', run: () => tree.expandAll()},
    {keys: ['['], label: '[', description: 'Collapse all tracks', run: () => tree.collapseAll()},
    {keys: ['escape'], label: 'Esc', description: 'Clear the area selection and the selected slice',
      run: () => {
        area.set(null);
        if (timeline.selectedSliceId !== null) timeline.clearSelection();
      }},
    {keys: ['?'], label: '?', description: 'Show this list of shortcuts', run: () => help.toggle()},
  ];
  for (const k of keys) {
    if (k.run) shortcuts.add(k);
    else shortcuts.describe(k.label, k.description);
  }
  for (const [label, description] of [
    ['W / S (held)', 'Zoom in / out'],
    ['A / D (held)', 'Pan left / right'],
    ['wheel', 'Zoom at the pointer'],
    ['Shift+wheel, horizontal swipe', 'Pan'],
    ['drag', 'Pan'],
    ['Shift+drag', 'Select an area over the tracks crossed (summary tab)'],
    ['drag on the time axis', 'Select a time range over all tracks'],
    ['click', 'Select a slice'],
    ['Alt+← / Alt+→ (Back / Forward)', 'Previous / next selected slice'],
    ['Ctrl+Enter', 'In the SQL tab: run the query'],
    ['← / → on a tab', 'Previous / next tab'],
  ]) shortcuts.describe(label, description);

  return {
    shortcuts, find, info, summary, area, url, help,
    async traceShown(engine, model, loadInfo) {
      find.setTrace(engine);
      summary.setTrace(engine, model);
      area.clear();
      trackTools.clear();
      await Promise.all([info.setTrace(engine, model, loadInfo), url.traceShown()]);
    },
    traceClosed() {
      url.traceClosed();
      find.setTrace(null);
      summary.setTrace(null, null);
      area.clear();
      info.setTrace(null);
    },
    selectionChanged() { url.selectionChanged(); },
  };
}
