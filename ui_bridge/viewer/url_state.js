// The view in the URL's hash, so a reload or a shared link opens the same
// view: #view=START,END&slice=ID&pin=ID,ID (trace nanoseconds, slice id,
// track_group ids). `?url=` (the trace) stays as it is. Each new selected
// slice is a history entry, so Back / Forward step through selections;
// moving the view only replaces the current entry.

const WRITE_DELAY_MS = 300;

// {view: [start, end] | null, slice: id | null, pins: [ids]} from a hash.
export function parseHash(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const nums = (s) => (s ? s.split(',').map(Number).filter(Number.isFinite) : []);
  const view = nums(p.get('view'));
  const slice = p.get('slice');
  return {
    view: view.length === 2 && view[1] > view[0] ? view : null,
    slice: slice !== null && Number.isFinite(Number(slice)) && slice !== '' ? Number(slice) : null,
    pins: nums(p.get('pin')),
  };
}

export function formatHash({view, slice, pins}) {
  const parts = [];
  if (view) parts.push(`view=${Math.round(view[0])},${Math.round(view[1])}`);
  if (slice !== null && slice !== undefined) parts.push(`slice=${slice}`);
  if (pins && pins.length) parts.push(`pin=${pins.join(',')}`);
  return parts.length ? `#${parts.join('&')}` : '';
}

export class UrlState {
  // timeline: Timeline; tree: TrackTree.
  constructor(timeline, tree) {
    this._timeline = timeline;
    this._tree = tree;
    this._active = false;   // True once a trace is shown (and the hash applied).
    this._applying = false;
    this._timer = 0;
    this._lastView = '';
    timeline.addOverlay(() => this._viewMaybeMoved());
    tree.onPinsChanged = () => this._write(false);
    window.addEventListener('popstate', () => {
      if (this._active) this.apply(parseHash(location.hash), {reveal: true});
    });
  }

  // A trace was shown: applies the hash it was opened with.
  async traceShown() {
    this._active = true;
    await this.apply(parseHash(location.hash), {reveal: false});
  }

  // The shown trace was closed: its view no longer applies (the hash a page
  // was opened with stays until that trace is shown).
  traceClosed() {
    if (this._active) history.replaceState(null, '', `${location.pathname}${location.search}`);
    this._active = false;
  }

  async apply(state, {reveal}) {
    this._applying = true;
    try {
      if (state.pins.join() !== this._tree.pinned.join()) this._tree.setPinned(state.pins);
      if (state.slice === null) {
        if (this._timeline.selectedSliceId !== null) this._timeline.clearSelection();
      } else if (state.slice !== this._timeline.selectedSliceId) {
        await this._timeline.select(state.slice, {reveal});
      }
      if (state.view) {
        const scale = this._timeline.scale;
        scale.start = state.view[0];
        scale.end = state.view[1];
        this._lastView = `${scale.start},${scale.end}`;
        this._timeline.requestDraw();
      }
    } catch (e) {
      console.error('weft viewer: the view in the URL could not be shown:', e);
    } finally {
      this._applying = false;
    }
  }

  // The selected slice changed: a new history entry (Back returns to the previous).
  selectionChanged() {
    if (this._active && !this._applying) this._write(true);
  }

  _viewMaybeMoved() {
    const scale = this._timeline.scale;
    if (!this._active || this._applying || !scale) return;
    const key = `${scale.start},${scale.end}`;
    if (key === this._lastView) return;
    this._lastView = key;
    clearTimeout(this._timer);
    this._timer = setTimeout(() => this._write(false), WRITE_DELAY_MS);
  }

  _write(push) {
    if (!this._active || this._applying) return;
    clearTimeout(this._timer);
    const scale = this._timeline.scale;
    const hash = formatHash({
      view: scale ? [scale.start, scale.end] : null,
      slice: this._timeline.selectedSliceId,
      pins: this._tree.pinned,
    });
    const url = `${location.pathname}${location.search}${hash}`;
    if (url === `${location.pathname}${location.search}${location.hash}`) return;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }
}
