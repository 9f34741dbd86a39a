// Turns a trace source into slices of bytes for loading: Uint8Array,
// ArrayBuffer, Blob/File, ReadableStream, async iterable, or (Node) a file
// path. gzip input (detected by its magic bytes) is decompressed on the way
// with the platform's streaming gzip, so the compressed file is never held
// whole; zip archives get their deflated entries inflated the same way (see
// zip.js). Progress counts source bytes (compressed bytes for gzip and zip).

import {inflate} from './inflate.js';
import {ZIP_MAGIC, storeDeflatedEntries} from './zip.js';

export const isNode = typeof process !== 'undefined' && !!process.versions?.node;

const MIN_READ_SIZE = 4 << 20;

// Returns {chunks: async iterable of Uint8Array, total: number|undefined}.
// Files, Blobs and byte arrays come in chunks of |readSize| bytes.
async function openSource(source, readSize) {
  if (source instanceof ArrayBuffer) source = new Uint8Array(source);
  if (ArrayBuffer.isView(source)) {
    const bytes = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    return {total: bytes.length, chunks: (async function* () {
      for (let off = 0; off < bytes.length; off += readSize) {
        yield bytes.subarray(off, Math.min(bytes.length, off + readSize));
      }
    })()};
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    return {total: source.size, chunks: (async function* () {
      for (let off = 0; off < source.size; off += readSize) {
        yield new Uint8Array(await source.slice(off, off + readSize).arrayBuffer());
      }
    })()};
  }
  if (typeof ReadableStream !== 'undefined' && source instanceof ReadableStream) {
    return {total: undefined, chunks: (async function* () {
      const reader = source.getReader();
      try {
        for (;;) {
          const {done, value} = await reader.read();
          if (done) return;
          yield value instanceof Uint8Array ? value : new Uint8Array(value);
        }
      } finally {
        reader.releaseLock();
      }
    })()};
  }
  if (typeof source === 'string') {
    if (!isNode) throw new Error('file paths are only supported in Node');
    const fs = await import('node:fs');
    let handle;
    try {
      handle = await fs.promises.open(source, 'r');
    } catch (e) {
      const reason = e.code === 'ENOENT' ? 'No such file or directory' : e.message;
      throw new Error(`cannot open ${source}: ${reason}`);
    }
    const {size} = await handle.stat();
    return {total: size, chunks: (async function* () {
      try {
        for (;;) {
          const buf = new Uint8Array(readSize);
          const {bytesRead} = await handle.read(buf, 0, readSize, null);
          if (bytesRead === 0) return;
          yield buf.subarray(0, bytesRead);
        }
      } finally {
        await handle.close();
      }
    })()};
  }
  if (source && typeof source[Symbol.asyncIterator] === 'function') {
    return {total: undefined, chunks: source};
  }
  throw new TypeError('unsupported trace source');
}

// Regroups chunks into slices of exactly |size| bytes (the last may be
// shorter). Slices are views when possible, copies when chunks are joined.
async function* reslice(chunks, size) {
  let acc = null;
  let accLen = 0;
  for await (let chunk of chunks) {
    if (!(chunk instanceof Uint8Array)) chunk = new Uint8Array(chunk);
    let off = 0;
    if (accLen > 0) {
      const n = Math.min(size - accLen, chunk.length);
      acc.set(chunk.subarray(0, n), accLen);
      accLen += n;
      off = n;
      if (accLen === size) {
        yield acc;
        acc = null;
        accLen = 0;
      }
    }
    while (chunk.length - off >= size) {
      yield chunk.subarray(off, off + size);
      off += size;
    }
    if (off < chunk.length) {
      acc = new Uint8Array(size);
      acc.set(chunk.subarray(off));
      accLen = chunk.length - off;
    }
  }
  if (accLen > 0) yield acc.subarray(0, accLen);
}

// Yields {slice, bytesDone, total}: slices of at most |sliceSize|
// (decompressed) bytes and how many source bytes have been consumed.
export async function* readSlices(source, sliceSize) {
  // Reading whole slices at once spares reslice() a copy (small slices are
  // cut from bigger reads as views).
  const {chunks, total} = await openSource(source, Math.max(sliceSize, MIN_READ_SIZE));
  let bytesDone = 0;
  // Count source bytes and peek at the first four for the gzip / zip magic.
  const it = chunks[Symbol.asyncIterator]();
  const head = [];
  let headLen = 0;
  while (headLen < 4) {
    const {done, value} = await it.next();
    if (done) break;
    head.push(value);
    headLen += value.length;
  }
  const counted = (async function* () {
    for (const c of head) { bytesDone += c.length; yield c; }
    for (;;) {
      const {done, value} = await it.next();
      if (done) return;
      bytesDone += value.length;
      yield value;
    }
  })();
  const first = head.flatMap((c) => [...c.subarray(0, 4)]).slice(0, 4);
  const startsWith = (magic) => magic.every((b, i) => first[i] === b);
  let data = counted;
  if (startsWith([0x1f, 0x8b])) data = inflate(counted, 'gzip');
  else if (startsWith(ZIP_MAGIC)) data = storeDeflatedEntries(counted);
  for await (const slice of reslice(data, sliceSize)) {
    yield {slice, bytesDone, total};
  }
}
