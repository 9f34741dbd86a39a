// Small helpers that run a query through the public Engine API and collect
// its rows column by column (typed arrays where the engine gives them), the
// shape the timeline's caches keep.

// Runs |sql| and returns {numRows, col: {name: Float64Array | Array}} for its
// last result set. Numbers past 2^53 (bigint) become Numbers.
export async function queryColumns(engine, sql) {
  let names = [];
  let chunks = [];  // Per column, the arrays of each batch.
  let numRows = 0;
  let resultIndex = -1;
  for await (const batch of engine.query(sql)) {
    if (batch.resultIndex !== resultIndex) {
      resultIndex = batch.resultIndex;
      names = batch.columns;
      chunks = names.map(() => []);
      numRows = 0;
    }
    for (let c = 0; c < names.length; c++) chunks[c].push(batch.column(c));
    numRows += batch.numRows;
  }
  const col = {};
  names.forEach((name, c) => { col[name] = concatColumn(chunks[c], numRows); });
  return {numRows, col};
}

function concatColumn(parts, numRows) {
  if (parts.length === 1 && parts[0] instanceof Float64Array) return parts[0];
  if (parts.every((p) => p instanceof Float64Array)) {
    const out = new Float64Array(numRows);
    let off = 0;
    for (const p of parts) { out.set(p, off); off += p.length; }
    return out;
  }
  const out = new Array(numRows);
  let off = 0;
  for (const p of parts) {
    for (let i = 0; i < p.length; i++) {
      const v = p[i];
      out[off++] = typeof v === 'bigint' ? Number(v) : v;
    }
  }
  return out;
}

// Runs |sql| and returns its rows as objects (for small results).
export async function queryRows(engine, sql) {
  const rows = await engine.query(sql).toArray();
  for (const row of rows) {
    for (const k of Object.keys(row)) {
      if (typeof row[k] === 'bigint') row[k] = Number(row[k]);
    }
  }
  return rows;
}

// A number for SQL text: integers stay exact, everything else is rounded.
export function sqlInt(v) {
  return String(Math.round(Number(v)));
}
