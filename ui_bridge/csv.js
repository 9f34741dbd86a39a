// CSV output identical to the native shell (src/shell/csv_printer.cc):
// quoted header, strings quoted verbatim, NULL as "[NULL]", integers plain,
// doubles like C printf("%f").

// printf("%f", x): fixed, 6 decimals, ties to even on the exact binary value.
export function formatDouble(x) {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  let s;
  if (a >= 1e21) {
    s = BigInt(a).toString() + '.000000';  // Such doubles are integers.
  } else {
    s = a.toFixed(6);  // Exact value, halves rounded up...
    // ...but printf rounds exact halves to even. An exact half at the 7th
    // decimal means a * 2^7 is an integer and a * 2^6 is not.
    if (Number.isInteger(a * 128) && !Number.isInteger(a * 64)) {
      const t = a.toFixed(7).slice(0, -1);  // Exact: 7 digits suffice.
      if ((t.charCodeAt(t.length - 1) - 48) % 2 === 0) s = t;
    }
  }
  return neg ? '-' + s : s;
}

import {CellType} from './protocol.js';

const textDecoder = new TextDecoder();

function formatCell(type, v) {
  switch (type) {
    case CellType.CELL_VARINT: return String(v);
    case CellType.CELL_FLOAT64: return formatDouble(v);
    case CellType.CELL_STRING: return `"${v}"`;
    case CellType.CELL_BLOB: return `"${textDecoder.decode(v)}"`;
    default: return '"[NULL]"';
  }
}

export function csvHeader(columns) {
  return columns.map((c) => `"${c}"`).join(',') + '\n';
}

// The CSV lines of one Batch (see engine.js); cell types decide the format,
// so a double holding an integer still prints as %f.
export function batchToCsv(batch) {
  const n = batch.columns.length;
  const types = batch.cellTypes;
  let out = '';
  let k = 0;
  for (const row of batch.rowArrays()) {
    for (let c = 0; c < n; c++, k++) {
      if (c) out += ',';
      out += formatCell(types[k], row[c]);
    }
    out += '\n';
  }
  return out;
}

// The CSV text of a QueryResult (engine.js) in pieces, as the native shell
// prints it: a header per result set, result sets separated by blank lines.
export async function* csvPieces(queryResult) {
  let lastIndex = -1;
  for await (const batch of queryResult) {
    let out = '';
    if (batch.resultIndex !== lastIndex) {
      if (lastIndex >= 0) out += '\n';
      lastIndex = batch.resultIndex;
      out += csvHeader(batch.columns);
    }
    yield out + batchToCsv(batch);
  }
}
