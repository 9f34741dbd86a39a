// What the viewer knows about a loaded trace before drawing: the track tree
// (track_group), each counter group's source track, the time bounds, and the
// few long slices (drawn from memory so window queries can stay narrow:
// a window query only looks back by |longThreshold| before its start).

import {queryColumns, queryRows, sqlInt} from './sql_rows.js';
import {isSchedKind, loadSchedThreads} from './sched_tracks.js';
import {COLOR_KEY_SQL} from './js_profile_panel.js';

// Slices longer than span / LONG_DIVISOR are "long"; at most that many of
// them fit end to end on one lane row, which bounds the in-memory list.
const LONG_DIVISOR = 500;

// Queries that do not depend on each other are sent together: the engine
// answers them in order, with no round trip to this page in between.
export async function loadTraceModel(engine) {
  const [groups, bounds] = await Promise.all([loadGroups(engine), loadBounds(engine)]);
  bounds.schedEnd = null;
  const hasScheduling = groups.list.some((g) => isSchedKind(g.kind));
  const [, sched] = await Promise.all([
    hasScheduling ? widenForScheduling(engine, bounds) : null,
    hasScheduling ? loadSchedThreads(engine) : {threads: new Map(), idleUtids: []},
  ]);
  const span = Math.max(Math.max(bounds.lastStart, bounds.schedEnd ?? 0) - bounds.start, 1);
  const longThreshold = Math.max(Math.ceil(span / LONG_DIVISOR), 1000);
  // Short slices end before lastStart + longThreshold; look at the tail.
  const [longSlices, tail] = await Promise.all([
    loadLongSlices(engine, longThreshold),
    queryRows(engine, `select max(ts + dur) as e from slice_layout
        where ts >= ${sqlInt(bounds.lastStart - longThreshold)}`),
  ]);
  let end = Math.max(bounds.lastStart, bounds.counterEnd);
  if (tail[0] && tail[0].e !== null) end = Math.max(end, tail[0].e);
  for (const s of longSlices.all) {
    if (s.dur >= 0) end = Math.max(end, s.ts + s.dur);
  }
  if (bounds.schedEnd !== null) end = Math.max(end, bounds.schedEnd);
  if (!(end > bounds.start)) end = bounds.start + 1000;
  // Unfinished slices (dur -1) run to the end of the trace.
  for (const s of longSlices.all) {
    if (s.dur < 0) s.end = end;
  }
  return {
    groups: groups.list,
    byId: groups.byId,
    start: bounds.start,
    end,
    longThreshold,
    longSlicesByGroup: longSlices.byGroup,
    sliceCount: bounds.sliceCount,
    ...sched,
  };
}

async function loadGroups(engine) {
  const [g, members] = await Promise.all([queryColumns(engine, `
      select id, parent_id, name, kind, source_track_count, lane_count,
             upid, utid, cpu, max_depth, tree_depth
      from track_group order by id`), queryRows(engine, `
      select m.group_id as g, min(m.track_id) as t from track_group_member m
      join track_group tg on tg.id = m.group_id
      where tg.kind = 'counter' group by m.group_id`)]);
  const counterTrack = new Map(members.map((r) => [r.g, r.t]));
  const list = [];
  const byId = new Map();
  for (let i = 0; i < g.numRows; i++) {
    const group = {
      id: g.col.id[i],
      parentId: g.col.parent_id[i],
      name: g.col.name[i] ?? '',
      kind: g.col.kind[i],
      sourceCount: g.col.source_track_count[i],
      laneCount: g.col.lane_count[i],
      maxDepth: g.col.max_depth[i],
      treeDepth: g.col.tree_depth[i],
      upid: g.col.upid[i],
      utid: g.col.utid[i],
      cpu: g.col.cpu[i],
      counterTrackId: counterTrack.get(g.col.id[i]) ?? null,
      children: [],
      parent: null,
    };
    list.push(group);
    byId.set(group.id, group);
  }
  for (const group of list) {
    const parent = group.parentId === null ? null : byId.get(group.parentId);
    if (parent) {
      group.parent = parent;
      parent.children.push(group);
    }
  }
  return {list, byId};
}

// Cheap bounds: slice and counter rows are stored in ts order with dense
// ids, so the first and last rows hold the extremes (no full scans).
async function loadBounds(engine) {
  const [b] = await queryRows(engine, `select
      (${lastIdSql('slice')}) as slice_last_id,
      (select ts from slice order by ts limit 1) as slice_first,
      (select ts from slice where id = (${lastIdSql('slice')})) as slice_last,
      (select ts from counter order by ts limit 1) as counter_first,
      (select ts from counter where id = (${lastIdSql('counter')})) as counter_last`);
  const firsts = [b.slice_first, b.counter_first].filter((v) => v !== null);
  const lasts = [b.slice_last, b.counter_last].filter((v) => v !== null);
  const start = firsts.length ? Math.min(...firsts) : 0;
  return {
    start,
    lastStart: lasts.length ? Math.max(...lasts) : start,
    counterEnd: b.counter_last ?? start,
    sliceCount: b.slice_last_id + 1,
  };
}

// Kernel scheduling rows (CPU tracks, thread states) are neither slices nor
// counters: trace_bounds (computed once by the engine) covers them.
async function widenForScheduling(engine, bounds) {
  const [tb] = await queryRows(engine, 'select start_ts as s, end_ts as e from trace_bounds');
  if (!tb || tb.s === null || tb.e === null) return;
  const empty = bounds.sliceCount === 0 && bounds.counterEnd === bounds.start;
  bounds.start = empty ? tb.s : Math.min(bounds.start, tb.s);
  if (empty) bounds.lastStart = bounds.counterEnd = tb.s;
  bounds.schedEnd = tb.e;
}

// SQL for the largest id of |table| (-1 when empty). The engine serves
// max() on a sorted column from its last row, not by a scan.
function lastIdSql(table) {
  return `select coalesce(max(id), -1) from ${table}`;
}

async function loadLongSlices(engine, threshold) {
  const cols = 'l.slice_id as id, l.group_id as g, l.lane as lane, l.depth as depth, ' +
      `l.ts as ts, l.dur as dur, s.name as name, ${COLOR_KEY_SQL} as color_key`;
  const rows = await queryRows(engine, `
      select ${cols} from slice_layout l join slice s on s.id = l.slice_id
      where l.dur > ${sqlInt(threshold)}
      union all
      select ${cols} from slice_layout l join slice s on s.id = l.slice_id
      where l.dur < 0`);
  const byGroup = new Map();
  for (const s of rows) {
    s.end = s.ts + s.dur;
    if (!byGroup.has(s.g)) byGroup.set(s.g, []);
    byGroup.get(s.g).push(s);
  }
  return {all: rows, byGroup};
}
