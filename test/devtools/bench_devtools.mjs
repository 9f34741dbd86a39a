// Times the DevTools trace engine (all handlers, as the Performance panel)
// on traces, in this Node process: read + JSON.parse, then the model's
// parse. Prints one JSON line per trace:
//   {"trace", "read_s", "parse_s", "cpu_s", "profile_calls"}
// (cpu_s: the process's user + system CPU seconds for read + parse; on a
// shared machine a steadier figure than wall time).
// Usage: node test/devtools/bench_devtools.mjs TRACE...
import path from 'node:path';

import {parseWithDevTools, profileCallsByThread, readJsonFile} from './devtools_profile_calls.mjs';

for (const file of process.argv.slice(2)) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const json = readJsonFile(file);
  const t1 = performance.now();
  const {parsedTrace, isCpuProfile} = await parseWithDevTools(json);
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const calls = profileCallsByThread(parsedTrace, isCpuProfile).reduce((n, t) => n + t.calls.length, 0);
  console.log(JSON.stringify({trace: path.basename(file), read_s: (t1 - t0) / 1000,
                              parse_s: (t2 - t1) / 1000,
                              cpu_s: (cpu.user + cpu.system) / 1e6, profile_calls: calls}));
}
