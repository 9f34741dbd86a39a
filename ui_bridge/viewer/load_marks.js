// Marks on the path from choosing a trace to its first complete frame:
// performance.mark entries (shown by the browser's performance panel) named
// weft-load:STEP, and their times for benchmarks. The steps, in order:
//   file-chosen        the user chose a trace (or the page opened ?url=)
//   engine-ready       an engine to load it is running (worker, wasm module)
//   first-slice        the engine parsed the first slice of bytes
//   bytes-parsed       ... and the last one
//   parsed             the load is finalized: the engine answers queries
//   model              derived events, track tree, bounds, long slices
//   first-draw         the first frame: its window queries are sent
//   first-frame        the first frame with data in every row in view

const PREFIX = 'weft-load:';

// Starts a new load's marks (dropping the previous load's).
export function startLoadMarks() {
  for (const m of performance.getEntriesByType('mark')) {
    if (m.name.startsWith(PREFIX)) performance.clearMarks(m.name);
  }
  markLoad('file-chosen');
}

// Marks |step| of the current load, once: later calls are ignored.
export function markLoad(step) {
  if (performance.getEntriesByName(PREFIX + step, 'mark').length) return;
  performance.mark(PREFIX + step);
}

// {step: ms since file-chosen} for the steps reached by the current load.
export function loadMarks() {
  const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith(PREFIX));
  const start = marks.find((m) => m.name === `${PREFIX}file-chosen`);
  const out = {};
  if (!start) return out;
  for (const m of marks) {
    out[m.name.slice(PREFIX.length)] = Math.round((m.startTime - start.startTime) * 10) / 10;
  }
  return out;
}
