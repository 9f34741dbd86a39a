// Analyses in the viewer: runs the built-in derived-event analyses once per
// trace (after the load, before the track tree is built), marks derived
// tracks, lists alerts (click: select and zoom to the slice), draws alert
// markers on the timeline and adds annotations to the details panel.
// Reference: docs/analysis.md, docs/viewer.md

import {el} from './dom.js';
import {queryRows, sqlInt} from './sql_rows.js';

// Runs the built-in derived-event analyses on |engine| (once per trace).
export async function deriveEvents(engine) {
  await engine.deriveEvents();
}

// The ids of the track groups holding derived tracks.
export async function derivedGroupIds(engine) {
  const rows = await queryRows(engine, `
      select distinct m.group_id as g from track_group_member m
      join derived_track d on d.id = m.track_id`);
  return new Set(rows.map((r) => r.g));
}

// |groups| in display (pre-)order: derived groups are appended to
// track_group after the load, so their ids come after every other group's;
// each one belongs after its siblings (its order_rank is the last).
export function inDisplayOrder(groups) {
  const out = [];
  const visit = (g) => {
    out.push(g);
    for (const c of g.children) visit(c);
  };
  for (const g of groups) {
    if (!g.parent) visit(g);
  }
  return out;
}

const ALERT_COLORS = {warning: '#f9a825', error: '#d32f2f'};

// The list of alerts and their markers on the timeline.
export class AlertsPanel {
  // |onSelect(sliceId)| selects and reveals a slice.
  constructor(el, onSelect) {
    this._el = el;
    this._onSelect = onSelect;
    this._alerts = [];
    this.clear();
  }

  clear() {
    this._alerts = [];
    this._el.replaceChildren(el('p', {className: 'hint'}, 'No trace loaded.'));
  }

  get alerts() { return this._alerts; }

  // Loads the alerts of |engine| with their place in the track layout.
  async setTrace(engine) {
    this._alerts = await queryRows(engine, `
        select a.slice_id as id, a.ts as ts, a.dur as dur, a.alert_type as type,
               a.kind as kind, a.name as name, a.description as description,
               l.group_id as g
        from alert a join slice_layout l on l.slice_id = a.slice_id
        order by a.ts, a.slice_id`);
    this._render();
  }

  _render() {
    if (!this._alerts.length) {
      this._el.replaceChildren(el('p', {className: 'hint'}, 'No alerts in this trace.'));
      return;
    }
    const list = el('ul', {className: 'alert-list'});
    for (const a of this._alerts) {
      const btn = el('button', {className: 'link', title: a.description ?? ''},
          `${a.kind}: ${a.name ?? '(unnamed)'} (${(a.dur / 1e6).toFixed(1)} ms)`);
      btn.dataset.alertSlice = String(a.id);
      btn.addEventListener('click', () => this._onSelect(a.id));
      const item = el('li', {className: `alert-${a.type}`}, el('span',
          {className: 'alert-type'}, a.type), ' ', btn);
      list.appendChild(item);
    }
    this._el.replaceChildren(
        el('p', {className: 'hint'}, `${this._alerts.length} alerts`), list);
  }

  // Draws a marker above each alert's slice row (timeline overlay).
  drawMarkers(ctx, {scale, scrollTop, width, height, tree, model}) {
    for (const a of this._alerts) {
      const group = model.byId.get(a.g);
      const row = group && tree.shownRowOf(group);
      if (!row) continue;
      const x = scale.timeToPx(a.ts);
      const y = row.top - scrollTop;
      if (x < -6 || x > width + 6 || y < -row.height || y > height) continue;
      ctx.fillStyle = ALERT_COLORS[a.type] || ALERT_COLORS.warning;
      ctx.beginPath();
      ctx.moveTo(x - 5, y);
      ctx.lineTo(x + 5, y);
      ctx.lineTo(x, y + 7);
      ctx.closePath();
      ctx.fill();
    }
  }
}

// The annotations of slice |sliceId| as a details section, or null.
export async function annotationSection(engine, sliceId) {
  const rows = await queryRows(engine, `
      select description, link, alert_type, kind from slice_annotation
      where slice_id = ${sqlInt(sliceId)}`);
  if (!rows.length) return null;
  const section = el('div', {className: 'details-annotations'},
      el('h4', {}, `About this slice (${rows.length})`));
  for (const r of rows) {
    const p = el('p', {className: r.alert_type ? `alert-${r.alert_type}` : ''});
    if (r.alert_type) p.append(el('span', {className: 'alert-type'}, r.alert_type), ' ');
    p.append(r.description ?? '');
    if (r.link) {
      p.append(' ', el('a', {href: r.link, target: '_blank', rel: 'noopener noreferrer'},
          'Learn more'));
    }
    p.dataset.kind = r.kind ?? '';
    section.appendChild(p);
  }
  return section;
}
