// Zip archives for a module without zlib: storeDeflatedEntries() rewrites a
// streamed archive so that each deflated entry becomes a stored one (local
// header with method 0 and its sizes, then the inflated bytes). The module
// still reads the archive itself (which entry is the trace, skipped entries,
// errors); only the inflating happens here, with the platform's inflater.

import {inflate} from './inflate.js';

export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];  // Local file header.

const LOCAL_HEADER_SIZE = 30;
const FLAG_ENCRYPTED = 1, FLAG_DATA_DESCRIPTOR = 8;
const METHOD_STORED = 0, METHOD_DEFLATE = 8;

const le16 = (b, p) => b[p] | (b[p + 1] << 8);
const le32 = (b, p) => (le16(b, p) | (le16(b, p + 2) << 16)) >>> 0;

// Reads exact byte counts from an async iterable of Uint8Array chunks.
class ChunkReader {
  constructor(chunks) {
    this._it = chunks[Symbol.asyncIterator]();
    this._buf = new Uint8Array(0);
    this._ended = false;
  }

  // The next |n| bytes (fewer at the end of the input).
  async read(n) {
    while (this._buf.length < n && !this._ended) {
      const {done, value} = await this._it.next();
      if (done) {
        this._ended = true;
      } else {
        const joined = new Uint8Array(this._buf.length + value.length);
        joined.set(this._buf);
        joined.set(value, this._buf.length);
        this._buf = joined;
      }
    }
    const out = this._buf.subarray(0, n);
    this._buf = this._buf.subarray(out.length);
    return out;
  }

  // Yields the next |n| bytes (or all that is left) without joining chunks.
  async *take(n = Infinity) {
    while (n > 0) {
      if (!this._buf.length) {
        if (this._ended) return;
        const {done, value} = await this._it.next();
        if (done) {
          this._ended = true;
          return;
        }
        this._buf = value;
      }
      const out = this._buf.subarray(0, Math.min(n, this._buf.length));
      this._buf = this._buf.subarray(out.length);
      n -= out.length;
      yield out;
    }
  }
}

// Yields the archive with deflated entries stored. What the module rejects
// anyway (encrypted entries, other methods, a bad header) passes through
// unchanged from there on, so the module reports it. Deflated entries whose
// sizes only follow the data (a data descriptor) cannot be stored up front
// and are refused.
export async function* storeDeflatedEntries(chunks) {
  const input = new ChunkReader(chunks);
  let offset = 0;  // Archive offset of the next header.
  for (;;) {
    const header = await input.read(LOCAL_HEADER_SIZE);
    const isLocal = header.length >= 4 && ZIP_MAGIC.every((b, i) => header[i] === b);
    if (!isLocal || header.length < LOCAL_HEADER_SIZE) {
      yield header;  // Central directory, truncation or garbage: the module decides.
      yield* input.take();
      return;
    }
    const flags = le16(header, 6);
    const method = le16(header, 8);
    const compressedSize = le32(header, 18);
    const size = le32(header, 22);
    const nameAndExtra = await input.read(le16(header, 26) + le16(header, 28));
    const plain = method === METHOD_STORED && !(flags & FLAG_DATA_DESCRIPTOR);
    const deflated = method === METHOD_DEFLATE && !(flags & FLAG_ENCRYPTED);
    if (deflated && (flags & FLAG_DATA_DESCRIPTOR)) {
      throw new Error(`zip: the deflated entry at byte ${offset} has no sizes in its ` +
          'local header (data descriptor), which the JavaScript bridge cannot read');
    }
    if (!plain && !deflated) {
      yield header;
      yield nameAndExtra;
      yield* input.take();
      return;
    }
    if (plain) {
      yield header;
      yield nameAndExtra;
      yield* input.take(compressedSize);
    } else {
      const stored = header.slice();
      stored[8] = METHOD_STORED;
      stored.set(header.subarray(22, 26), 18);  // Compressed size = size.
      yield stored;
      yield nameAndExtra;
      let inflated = 0;
      for await (const piece of inflate(input.take(compressedSize), 'deflate-raw')) {
        inflated += piece.length;
        if (inflated > size) break;
        yield piece;
      }
      if (inflated !== size) {
        const got = inflated > size ? `more than ${size}` : `${inflated}`;
        throw new Error(`zip: the entry at byte ${offset} inflates to ${got} bytes, ` +
            `not the ${size} its header gives`);
      }
    }
    offset += LOCAL_HEADER_SIZE + nameAndExtra.length + compressedSize;
  }
}
