// Prints the DevTools trace engine's warning counts per kind for one trace
// (JSON on stdout: {"long_task": n, ...}). The oracle of alerts_vs_devtools.py.
import {analyzeTrace} from '@paulirish/trace_engine/analyze-trace.mjs';

const KINDS = {
  LONG_TASK: 'long_task',
  FORCED_REFLOW: 'forced_reflow',
  IDLE_CALLBACK_OVER_TIME: 'idle_callback_over_time',
  LONG_INTERACTION: 'long_interaction',
};

const file = process.argv[2];
const counts = Object.fromEntries(Object.values(KINDS).map(k => [k, 0]));
const {parsedTrace} = await analyzeTrace(file);
for (const [warning, events] of (parsedTrace.data ?? parsedTrace).Warnings.perWarning) {
  counts[KINDS[warning] ?? warning] = events.length;
}
process.stdout.write(JSON.stringify(counts) + '\n');
