// Turns a trace source into slices of bytes for loading: Uint8Array,
// ArrayBuffer, Blob/File, ReadableStream, async iterable, or (Node) a file
// path. Bytes go to the module as they are: it inflates gzip and zip itself,
// as the native shell does. Progress counts source bytes.

export const isNode = typeof process !== 'undefined' && !!process.versions?.node;

// Loads a Node built-in module (e.g. 'fs'). The specifier is computed, so
// browser bundlers (esbuild, webpack, Vite) leave the import alone instead
// of failing to resolve it; browsers never reach it.
export function importNode(name) {
  const specifier = `node:${name}`;
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
}

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
    const fs = await importNode('fs');
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

// Yields {slice, bytesDone, total}: slices of at most |sliceSize| bytes and
// how many source bytes have been consumed.
export async function* readSlices(source, sliceSize) {
  // Reading whole slices at once spares reslice() a copy (small slices are
  // cut from bigger reads as views).
  const {chunks, total} = await openSource(source, Math.max(sliceSize, MIN_READ_SIZE));
  let bytesDone = 0;
  for await (const slice of reslice(chunks, sliceSize)) {
    bytesDone += slice.length;
    yield {slice, bytesDone, total};
  }
}
