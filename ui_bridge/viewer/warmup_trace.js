// A small generated Chrome JSON trace that a spare engine loads once before
// the user's trace (spare_engine.js). V8 runs each wasm function at its
// baseline tier until it has run a while, then compiles it optimized in
// the background: loading this trace first runs the JSON parse, the sort,
// the track layout and the first queries' code long enough that the user's
// trace starts on optimized code. The events are of the kinds real traces
// hold most: nested X and B/E slices with args of every JSON type, instants,
// counters and thread names.

const NAMES = ['RunTask', 'Layout', 'Paint', 'V8.Execute', 'ParseHTML', 'Composite', 'Commit'];
const CATS = ['toplevel', 'blink', 'v8', 'cc', 'disabled-by-default-devtools.timeline'];

// The trace's bytes: about |bytes| long (deterministic).
export function warmupTrace(bytes = 4 << 20) {
  let seed = 1;
  const rand = (n) => {  // A small LCG: the same trace every time.
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const args = () => {
    switch (rand(5)) {
      case 0: return '';
      case 1: return `,"args":{"n":${rand(1 << 30)},"s":"str_${rand(1 << 20).toString(16)}"}`;
      case 2: return `,"args":{"f":${rand(100000) / 1000},"b":${rand(2) === 1}}`;
      case 3: return `,"args":{"d":{"inner":${rand(100)},"s":"x${rand(10)}"},"l":[1,2,3]}`;
      default: return `,"args":{"url":"https://example.com/${rand(50)}.js","line":${rand(900)}}`;
    }
  };
  const parts = ['{"traceEvents":[\n'];
  let size = 0;
  const emit = (text) => {
    parts.push(text, ',\n');
    size += text.length + 2;
  };
  for (let p = 0; p < 4; p++) {
    emit(`{"name":"process_name","ph":"M","pid":${p + 1},"tid":${p * 10 + 10},"args":{"name":"P${p}"}}`);
    for (let t = 0; t < 4; t++) {
      emit(`{"name":"thread_name","ph":"M","pid":${p + 1},"tid":${p * 10 + 10 + t},` +
          `"args":{"name":"T${t}"}}`);
    }
  }
  for (let ts = 1000; size < bytes; ts += 100) {
    // Half the events on one thread: its windows are crowded enough to be
    // merged per pixel, as the big traces' are.
    const pid = rand(2) ? 1 : rand(4) + 1;
    const tid = pid === 1 ? 10 : (pid - 1) * 10 + 10 + rand(4);
    const at = `"pid":${pid},"tid":${tid}`;
    const name = `"name":"${NAMES[rand(NAMES.length)]}","cat":"${CATS[rand(CATS.length)]}"`;
    emit(`{${name},"ph":"X","ts":${ts},"dur":${60 + rand(30)},${at}${args()}}`);
    emit(`{${name},"ph":"B","ts":${ts + 10},${at}${args()}}`);
    emit(`{${name},"ph":"X","ts":${ts + 20}.5,"dur":${10 + rand(10)},${at}${args()}}`);
    emit(`{"ph":"E","ts":${ts + 50},${at}}`);
    if (rand(8) === 0) emit(`{"name":"Mark","ph":"i","s":"t","ts":${ts + 55},${at}}`);
    if (rand(4) === 0) {
      emit(`{"name":"Heap","ph":"C","ts":${ts},"pid":${pid},"args":{"used":${rand(1000)},"total":1000}}`);
    }
  }
  parts.push('{"name":"end","ph":"i","s":"g","ts":1,"pid":1,"tid":10}]}');
  return new TextEncoder().encode(parts.join(''));
}
