// Prints, per thread, the profile calls DevTools builds for a trace: count,
// total time and the top-3 functions by total and by self time.
// Usage: node test/devtools/profile_calls.mjs TRACE...
import path from 'node:path';

import {devtoolsProfileCalls} from './devtools_profile_calls.mjs';
import {profileCallStats} from './profile_call_stats.mjs';

const ms = us => (us / 1000).toFixed(3);

for (const file of process.argv.slice(2)) {
  const threads = await devtoolsProfileCalls(file);
  console.log(`${path.basename(file)}: ${threads.length} thread(s) with profile calls`);
  for (const t of threads) {
    const s = profileCallStats(t.calls);
    console.log(`  pid ${t.pid} tid ${t.tid}: ${s.count} calls, total ${ms(s.totalDur)} ms`);
    console.log(`    top total: ${s.topByTotal.map(f => `${f.name} ${ms(f.total)}`).join(', ')}`);
    console.log(`    top self:  ${s.topBySelf.map(f => `${f.name} ${ms(f.self)}`).join(', ')}`);
  }
}
