// Summary of one thread's profile calls, computed the same way for DevTools'
// and weft's calls: count, total duration, and per function name the total
// time (recursion counted once: calls nested in a call of the same name are
// skipped) and self time (duration minus the durations of directly nested
// calls). Times in microseconds.

// calls: [{ts, dur, name}] of one thread.
export function profileCallStats(calls) {
  const sorted = [...calls].sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const byName = new Map();
  const entry = name => {
    if (!byName.has(name)) byName.set(name, {name, total: 0, self: 0, calls: 0});
    return byName.get(name);
  };
  const stack = [];  // Open calls: {call, childTime}.
  const close = () => {
    const top = stack.pop();
    entry(top.call.name).self += top.call.dur - top.childTime;
  };
  let totalDur = 0;
  for (const call of sorted) {
    totalDur += call.dur;
    while (stack.length && call.ts >= stack.at(-1).call.ts + stack.at(-1).call.dur &&
           !(call.dur === 0 && call.ts === stack.at(-1).call.ts)) {
      close();
    }
    if (stack.length) stack.at(-1).childTime += call.dur;
    const e = entry(call.name);
    e.calls++;
    if (!stack.some(open => open.call.name === call.name)) e.total += call.dur;
    stack.push({call, childTime: 0});
  }
  while (stack.length) close();
  const functions = [...byName.values()];
  const top = (key) => [...functions].sort((a, b) => b[key] - a[key] || (a.name < b.name ? -1 : 1))
                           .slice(0, 3);
  return {count: calls.length, totalDur, topByTotal: top('total'), topBySelf: top('self'), byName};
}
