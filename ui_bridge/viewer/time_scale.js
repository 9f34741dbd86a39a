// The visible time window of the timeline and how it maps to pixels, plus
// time formatting and axis ticks. Times are trace nanoseconds (doubles: exact
// up to 2^53 ns, about 104 days); labels are relative to the trace start.
// Pure code with no DOM, so Node tests can import it.

const MIN_SPAN_NS = 10;  // Deepest zoom: 10 ns across the canvas.

export class TimeScale {
  constructor(traceStart, traceEnd) {
    this.traceStart = traceStart;
    this.traceEnd = Math.max(traceEnd, traceStart + MIN_SPAN_NS);
    this.start = this.traceStart;
    this.end = this.traceEnd;
    this.width = 1;  // Canvas width in CSS pixels.
  }

  get span() { return this.end - this.start; }
  get nsPerPx() { return this.span / this.width; }

  timeToPx(t) { return (t - this.start) * this.width / this.span; }
  pxToTime(x) { return this.start + x * this.span / this.width; }

  // Zooms by |factor| (< 1 zooms in) keeping time |anchor| under its pixel.
  zoom(factor, anchor = (this.start + this.end) / 2) {
    const traceSpan = this.traceEnd - this.traceStart;
    const span = Math.min(Math.max(this.span * factor, MIN_SPAN_NS), traceSpan * 1.1);
    const frac = (anchor - this.start) / this.span;
    this.start = anchor - frac * span;
    this.end = this.start + span;
    this._clamp();
  }

  // Pans by |px| pixels (positive moves the view later in time).
  panPx(px) {
    const dt = px * this.nsPerPx;
    this.start += dt;
    this.end += dt;
    this._clamp();
  }

  // Shows [start, end], widened a little so the range is not at the edges.
  show(start, end) {
    const span = Math.max(end - start, MIN_SPAN_NS);
    this.start = start - span * 0.1;
    this.end = end + span * 0.1;
    this._clamp();
  }

  // Keeps the window within the trace (a 5% margin each side).
  _clamp() {
    const traceSpan = this.traceEnd - this.traceStart;
    const margin = traceSpan * 0.05;
    const span = this.span;
    if (this.start < this.traceStart - margin) {
      this.start = this.traceStart - margin;
      this.end = this.start + span;
    }
    if (this.end > this.traceEnd + margin) {
      this.end = this.traceEnd + margin;
      this.start = Math.max(this.end - span, this.traceStart - margin);
    }
  }
}

const UNITS = [
  {ns: 1e9, name: 's'},
  {ns: 1e6, name: 'ms'},
  {ns: 1e3, name: 'µs'},
  {ns: 1, name: 'ns'},
];

// A duration as a person reads it: "1.25 ms", "37 µs", "2.5 s".
export function formatDuration(ns) {
  if (!Number.isFinite(ns)) return String(ns);
  const abs = Math.abs(ns);
  if (abs === 0) return '0 s';
  const unit = UNITS.find((u) => abs >= u.ns) || UNITS[UNITS.length - 1];
  const v = ns / unit.ns;
  const digits = Math.abs(v) >= 100 ? 1 : Math.abs(v) >= 10 ? 2 : 3;
  return `${trimZeros(v.toFixed(unit.ns === 1 ? 0 : digits))} ${unit.name}`;
}

function trimZeros(s) {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

// Axis ticks for [start, end] over |width| px: a round step (1, 2 or 5 times
// a power of ten ns) leaving at least |minPx| between labels. Tick times
// are multiples of the step counted from |origin| (the trace start).
export function axisTicks(start, end, width, origin, minPx = 90) {
  const span = end - start;
  if (!(span > 0) || !(width > 0)) return {step: 0, ticks: []};
  const rough = span * minPx / width;
  const pow = Math.pow(10, Math.floor(Math.log10(rough)));
  let step = pow;
  for (const m of [1, 2, 5, 10]) {
    if (pow * m >= rough) { step = pow * m; break; }
  }
  step = Math.max(1, step);
  const ticks = [];
  const first = Math.ceil((start - origin) / step);
  for (let k = first; origin + k * step <= end; k++) {
    ticks.push(origin + k * step);
    if (ticks.length > 1000) break;
  }
  return {step, ticks};
}

// A tick label: the offset from the trace start in the largest unit that
// fits it, with enough decimals to tell ticks |stepNs| apart ("1.5 ms").
export function formatTick(offsetNs, stepNs) {
  const abs = Math.abs(offsetNs);
  const unit = UNITS.find((u) => abs >= u.ns) ||
      UNITS.find((u) => stepNs >= u.ns) || UNITS[UNITS.length - 1];
  const decimals = Math.max(0, Math.ceil(Math.log10(unit.ns / stepNs) - 1e-9));
  return `${(offsetNs / unit.ns).toFixed(Math.min(decimals, 9))} ${unit.name}`;
}

// The smallest power of two >= |ns| (at least 1): bucket sizes that keep
// bucket boundaries stable while panning.
export function pow2AtLeast(ns) {
  let b = 1;
  while (b < ns) b *= 2;
  return b;
}
