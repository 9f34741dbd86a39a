// Warms a spare engine up before the user's trace (spare_engine.js): it
// loads a small generated trace (warmup_trace.js) and runs what the viewer
// runs on a new trace (derived events, the track model, every group's
// window at two zooms), then drops it. V8 compiles wasm functions when
// first called and optimizes them once they have run a while: the user's
// trace then meets compiled, mostly optimized code. In Node on the 200 MB
// reference trace this cut the derived events and first query after the
// load from 1.6 s to 0.17 s (a busy machine; see docs/viewer.md).

import {loadTraceModel} from './trace_model.js';
import {TimeScale} from './time_scale.js';
import {TrackData} from './track_data.js';
import {warmupTrace} from './warmup_trace.js';

export async function warmUp(engine) {
  await engine.load(warmupTrace());
  await engine.deriveEvents();
  const model = await loadTraceModel(engine);
  const data = new TrackData(engine, model, () => {});
  const scale = new TimeScale(model.start, model.end);
  // A wide view merges slices per pixel; a narrow one fetches them raw.
  for (const width of [2000, 200000]) {
    scale.width = width;
    await Promise.all(model.groups.map((group) =>
      data.fetchWindow({group, summary: group.kind === 'slice' && group.laneCount === 0},
          scale)));
  }
  data.close();
  await engine.reset();
}
