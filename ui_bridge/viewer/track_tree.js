// The track tree: one DOM row per visible track group (processes, threads,
// merged async tracks, counters), collapsible, in track_group's display
// order, and the vertical layout the canvas draws with (same row heights).
// Rows carry aria-labels and data-* attributes (name, kind, merged sources,
// lane count) so people using assistive tech and tests can read them.

export const SLICE_ROW_H = 18;   // One depth row of one lane.
export const TRACK_PAD = 3;      // Above and below a slice track's rows.
export const HEADER_H = 26;      // A group with no slices of its own.
export const COUNTER_H = 44;
export const CPU_H = 24;         // A CPU's sched slices.
export const STATE_H = 18;       // A thread's state strip (one label line).
const INDENT_PX = 14;
const EXPAND_ALL_LIMIT = 400;    // Larger trees start with processes collapsed.

// Height of a group's row and how its lanes are stacked.
export function groupGeometry(group) {
  if (group.kind === 'counter') return {height: COUNTER_H, laneRows: 0};
  if (group.kind === 'cpu') return {height: CPU_H, laneRows: 0};
  if (group.kind === 'thread_state') return {height: STATE_H, laneRows: 0};
  if (group.laneCount === 0 || group.maxDepth < 0) return {height: HEADER_H, laneRows: 0};
  const laneRows = group.maxDepth + 1;
  const height = group.laneCount * laneRows * SLICE_ROW_H + 2 * TRACK_PAD;
  return {height: Math.max(height, HEADER_H), laneRows};
}

export function describeGroup(group) {
  if (group.kind === 'counter') return `${group.name}: counter track`;
  if (group.kind === 'cpu') return `${group.name}: scheduling slices`;
  if (group.kind === 'thread_state') return `${group.name}: thread states`;
  const parts = [];
  if (group.laneCount === 0) {
    parts.push(group.children.length ? `group of ${group.children.length} tracks` : 'empty track');
  } else {
    parts.push(group.sourceCount > 1
        ? `slice track merged from ${group.sourceCount} tracks` : 'slice track');
    parts.push(`${group.laneCount} ${group.laneCount === 1 ? 'lane' : 'lanes'}`);
    parts.push(`depth ${group.maxDepth + 1}`);
  }
  return `${group.name}: ${parts.join(', ')}`;
}

export class TrackTree {
  // onChange(): the set of visible rows changed (expand / collapse).
  constructor(container, onChange) {
    this._el = container;
    this._onChange = onChange;
    this._groups = [];
    this._collapsed = new Set();
    this._pinned = [];      // Group ids shown first, in pinning order.
    this._filter = '';      // Lower-cased name filter ('' shows all).
    this.onPinsChanged = () => {};
    this._rows = [];
    this._rowById = new Map();
    this._height = 0;
    this._el.setAttribute('role', 'tree');
    this._el.setAttribute('aria-label', 'Tracks');
    this._el.addEventListener('click', (e) => {
      const toggle = e.target.closest('.track-toggle');
      if (toggle) this.toggle(Number(toggle.closest('.track-row').dataset.groupId));
      const pin = e.target.closest('.track-pin');
      if (pin) this.togglePin(Number(pin.closest('.track-row').dataset.groupId));
    });
  }

  setGroups(groups) {
    this._groups = groups;
    this._collapsed.clear();
    this._pinned = [];
    this._filter = '';
    if (groups.length > EXPAND_ALL_LIMIT) {
      for (const g of groups) {
        if (g.parent === null && g.children.length) this._collapsed.add(g.id);
      }
    }
    this._render();
  }

  clear() { this.setGroups([]); }

  get rows() { return this._rows; }
  get height() { return this._height; }

  isCollapsed(id) { return this._collapsed.has(id); }

  toggle(id) {
    if (this._collapsed.has(id)) this._collapsed.delete(id);
    else this._collapsed.add(id);
    this._render();
    this._onChange();
  }

  get pinned() { return this._pinned.slice(); }

  // Pins the groups |ids| (unknown ids are skipped), in that order.
  setPinned(ids) {
    const known = new Set(this._groups.map((g) => g.id));
    this._pinned = ids.filter((id) => known.has(id));
    this._changed();
    this.onPinsChanged();
  }

  togglePin(id) {
    const i = this._pinned.indexOf(id);
    if (i >= 0) this._pinned.splice(i, 1);
    else this._pinned.push(id);
    this._changed();
    this.onPinsChanged();
  }

  // Shows only tracks whose name (or an ancestor's or descendant's)
  // contains |text|, case-insensitively; pinned tracks always show.
  setFilter(text) {
    this._filter = text.trim().toLowerCase();
    this._changed();
  }

  expandAll() {
    this._collapsed.clear();
    this._changed();
  }

  collapseAll() {
    for (const g of this._groups) if (g.children.length) this._collapsed.add(g.id);
    this._changed();
  }

  _changed() {
    this._render();
    this._onChange();
  }

  // Expands the ancestors of group |id| so its row is shown; returns it.
  reveal(id) {
    const group = this._groups.find((g) => g.id === id);
    let changed = false;
    for (let p = group && group.parent; p; p = p.parent) {
      if (this._collapsed.delete(p.id)) changed = true;
    }
    if (changed) {
      this._render();
      this._onChange();
    }
    return this.rowOf(id);
  }

  rowOf(id) { return this._rowById.get(id) || null; }

  // The row drawn for group |id|: its own, or its nearest shown ancestor's.
  shownRowOf(group) {
    for (let g = group; g; g = g.parent) {
      const row = this.rowOf(g.id);
      if (row) return row;
    }
    return null;
  }

  // The row at content y (binary search over row tops).
  rowAt(y) {
    let lo = 0, hi = this._rows.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this._rows[mid];
      if (y < r.top) hi = mid - 1;
      else if (y >= r.top + r.height) lo = mid + 1;
      else return r;
    }
    return null;
  }

  _visibleGroups() {
    const pinned = new Set(this._pinned);
    const out = this._pinned.map((id) => this._groups.find((g) => g.id === id));
    const hidden = new Set();
    const kept = this._filter ? this._filterMatches() : null;
    for (const g of this._groups) {  // Pre-order: parents come first.
      if (g.parent && (hidden.has(g.parent.id) || this._collapsed.has(g.parent.id))) {
        hidden.add(g.id);
        continue;
      }
      if (!pinned.has(g.id) && (!kept || kept.has(g.id))) out.push(g);
    }
    return out;
  }

  // Ids of the groups matching the filter, with their ancestors and descendants.
  _filterMatches() {
    const kept = new Set();
    for (const g of this._groups) {  // Pre-order: a kept parent keeps its children.
      if ((g.parent && kept.has(g.parent.id) && g.parent.matched) ||
          g.name.toLowerCase().includes(this._filter)) {
        g.matched = true;
        kept.add(g.id);
        for (let p = g.parent; p; p = p.parent) kept.add(p.id);
      } else {
        g.matched = false;
      }
    }
    return kept;
  }

  _render() {
    const frag = document.createDocumentFragment();
    this._rows = [];
    this._rowById = new Map();
    let top = 0;
    for (const group of this._visibleGroups()) {
      const {height, laneRows} = groupGeometry(group);
      const row = {group, top, height, laneRows};
      this._rows.push(row);
      this._rowById.set(group.id, row);
      frag.appendChild(this._rowElement(group, height, this._pinned.includes(group.id)));
      top += height;
    }
    this._height = top;
    this._el.replaceChildren(frag);
  }

  _rowElement(group, height, pinned) {
    const row = document.createElement('div');
    row.className = `track-row track-${group.kind}` + (pinned ? ' track-pinned' : '') +
        (group.parent ? '' : ' track-top') + (group.children.length ? ' track-parent' : '');
    row.style.height = `${height}px`;
    row.setAttribute('role', 'treeitem');
    row.setAttribute('aria-level', String(group.treeDepth + 1));
    row.setAttribute('aria-label', describeGroup(group));
    const d = row.dataset;
    d.groupId = String(group.id);
    d.name = group.name;
    d.kind = group.kind;
    d.lanes = String(group.laneCount);
    d.sources = String(group.sourceCount);
    d.merged = String(group.sourceCount > 1);
    d.maxDepth = String(group.maxDepth);
    d.treeDepth = String(group.treeDepth);
    d.pinned = String(pinned);

    const label = document.createElement('div');
    label.className = 'track-label';
    label.style.paddingLeft = `${6 + (pinned ? 0 : group.treeDepth) * INDENT_PX}px`;
    if (group.children.length) {
      const expanded = !this._collapsed.has(group.id);
      row.setAttribute('aria-expanded', String(expanded));
      const toggle = document.createElement('button');
      toggle.className = 'track-toggle';
      toggle.textContent = expanded ? '▾' : '▸';
      toggle.setAttribute('aria-label', `${expanded ? 'Collapse' : 'Expand'} ${group.name}`);
      label.appendChild(toggle);
    } else {
      const spacer = document.createElement('span');
      spacer.className = 'track-toggle-spacer';
      label.appendChild(spacer);
    }
    const name = document.createElement('span');
    name.className = 'track-name';
    name.textContent = group.name || '(unnamed)';
    name.title = describeGroup(group);
    label.appendChild(name);
    if (group.sourceCount > 1) {
      label.appendChild(badge(`×${group.sourceCount}`, `merged from ${group.sourceCount} tracks`));
    }
    if (group.laneCount > 1) {
      label.appendChild(badge(`${group.laneCount} lanes`, `${group.laneCount} lanes`));
    }
    if (group.derived) {
      d.derived = 'true';
      label.appendChild(badge('derived', 'derived by an analysis, not recorded in the trace'));
    }
    const pin = document.createElement('button');
    pin.className = 'track-pin';
    pin.textContent = pinned ? '📌' : '⊤';
    pin.setAttribute('aria-pressed', String(pinned));
    pin.setAttribute('aria-label', `${pinned ? 'Unpin' : 'Pin'} ${group.name || '(unnamed)'}`);
    pin.title = pinned ? 'Unpin this track' : 'Pin this track to the top';
    label.appendChild(pin);
    row.appendChild(label);
    return row;
  }
}

function badge(text, title) {
  const b = document.createElement('span');
  b.className = 'track-badge';
  b.textContent = text;
  b.title = title;
  return b;
}
