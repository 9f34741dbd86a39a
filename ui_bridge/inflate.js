// Streaming decompression with the platform's inflater: node:zlib in Node,
// DecompressionStream in browsers. inflate(chunks, format) takes and yields
// async iterables of Uint8Array; format is 'gzip' or 'deflate-raw'.

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

export async function* inflate(chunks, format) {
  if (isNode) {
    const zlib = await import('node:zlib');
    const {Readable} = await import('node:stream');
    const inflater = format === 'gzip' ? zlib.createGunzip() : zlib.createInflateRaw();
    yield* Readable.from(chunks).pipe(inflater);
    return;
  }
  const stream = new ReadableStream({
    async start(controller) {
      for await (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  }).pipeThrough(new DecompressionStream(format));
  const reader = stream.getReader();
  for (;;) {
    const {done, value} = await reader.read();
    if (done) return;
    yield value;
  }
}
