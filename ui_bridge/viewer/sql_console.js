// The SQL console: run a query (button or Ctrl+Enter) on the loaded trace
// and show the last result set in a table that fills batch by batch as the
// engine streams it, with the row count and query time; an error shows the
// engine's message (which names the SQL line and column).

import {el} from './dom.js';

const MAX_SHOWN_ROWS = 5000;  // Rows past this are counted, not shown.

export class SqlConsole {
  // els: {input, run, status, results}
  constructor(els) {
    this._els = els;
    this._engine = null;
    this._runToken = 0;
    els.run.addEventListener('click', () => this.run());
    els.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.run();
      }
    });
    this.setEngine(null);
  }

  setEngine(engine) {
    this._engine = engine;
    this._runToken++;
    this._els.run.disabled = !engine;
    this._els.results.replaceChildren();
    this._setStatus(engine ? 'Ctrl+Enter runs the query.' : 'Load a trace to run queries.', 'idle');
  }

  async run() {
    const engine = this._engine;
    const sql = this._els.input.value;
    if (!engine || !sql.trim()) return;
    const token = ++this._runToken;
    const t0 = performance.now();
    const results = this._els.results;
    results.replaceChildren();
    this._setStatus('Running…', 'running');
    let table = null, body = null, rows = 0, resultIndex = -1;
    const elapsed = () => `${(performance.now() - t0).toFixed(1)} ms`;
    try {
      for await (const batch of engine.query(sql)) {
        if (token !== this._runToken) return;
        if (batch.resultIndex !== resultIndex) {  // A new statement's rows.
          resultIndex = batch.resultIndex;
          rows = 0;
          ({table, body} = newTable(batch.columns));
          results.replaceChildren(table);
        }
        rows += appendRows(body, batch, rows);
        this._setStatus(`${rows.toLocaleString('en-US')} rows so far…`, 'running');
      }
      if (token !== this._runToken) return;
      const shown = rows > MAX_SHOWN_ROWS ? ` (first ${MAX_SHOWN_ROWS} shown)` : '';
      this._setStatus(resultIndex < 0 ? `No rows returned · ${elapsed()}`
          : `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}${shown} · ${elapsed()}`, 'done');
      this._els.status.dataset.rows = String(rows);
    } catch (e) {
      if (token !== this._runToken) return;
      this._setStatus(`Error: ${e.message}`, 'error');
      results.appendChild(el('pre', {className: 'sql-error'}, e.message));
    }
  }

  _setStatus(text, state) {
    const s = this._els.status;
    s.textContent = text;
    s.dataset.state = state;
    delete s.dataset.rows;
  }
}

function newTable(columns) {
  const head = el('tr', {}, ...columns.map((c) => el('th', {}, c)));
  const body = el('tbody');
  const table = el('table', {className: 'sql-table'}, el('thead', {}, head), body);
  return {table, body};
}

// Appends the batch's rows (up to the display limit); returns its row count.
function appendRows(body, batch, shownSoFar) {
  const room = Math.max(0, MAX_SHOWN_ROWS - shownSoFar);
  const n = Math.min(room, batch.numRows);
  if (n > 0) {
    const cols = batch.columns.map((_, c) => batch.column(c));
    const frag = document.createDocumentFragment();
    for (let r = 0; r < n; r++) {
      const tr = document.createElement('tr');
      for (const col of cols) tr.appendChild(cell(col[r]));
      frag.appendChild(tr);
    }
    body.appendChild(frag);
  }
  return batch.numRows;
}

function cell(v) {
  const td = document.createElement('td');
  if (v === null || v === undefined) {
    td.textContent = 'NULL';
    td.className = 'null';
  } else if (v instanceof Uint8Array) {
    td.textContent = `<blob ${v.length} bytes>`;
  } else {
    td.textContent = String(v);
    if (typeof v !== 'string') td.className = 'num';
  }
  return td;
}
