// The worker that owns the weft wasm module: a Web Worker in browsers, a
// worker_threads Worker in Node, with the same message protocol:
//   in:  {type: 'init', moduleJs, moduleWasm, bufSize}
//        {type: 'rpc', bytes}      TraceProcessorRpcStream request bytes
//   out: {type: 'ready'}
//        {type: 'rpc', chunks, heapBytes}
//                                  chunks: Uint8Arrays, each of whole
//                                  response messages starting at offset 0
//                                  (float64 arrays inside stay 8-byte
//                                  aligned); heapBytes: the wasm memory size
//        {type: 'dead', message}   the module aborted (e.g. out of memory);
//                                  no further message is handled.
// The worker only moves bytes; it knows nothing of SQL or trace formats.

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
// As sources.js's importNode (this file imports nothing, so it can be copied
// alone beside a bundle): a computed specifier that bundlers leave alone.
const importNode = (name) => {
  const specifier = `node:${name}`;
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
};

let port;  // {post(msg, transfer), onMessage(fn)}
if (isNode) {
  const {parentPort} = await importNode('worker_threads');
  port = {
    post: (msg, transfer) => parentPort.postMessage(msg, transfer),
    onMessage: (fn) => parentPort.on('message', fn),
  };
} else {
  port = {
    post: (msg, transfer) => self.postMessage(msg, transfer),
    onMessage: (fn) => { self.onmessage = (e) => fn(e.data); },
  };
}

let mod = null;
let bufPtr = 0;
let bufSize = 0;
let dead = false;
let lastFatal = '';

// Responses are posted in groups (a query sends hundreds of ~300 KB
// batches): when FLUSH_BYTES have piled up and when a request returns.
const FLUSH_BYTES = 1 << 20;
let outChunks = [];
let outBytes = 0;

function flush() {
  if (!outChunks.length) return;
  port.post({type: 'rpc', chunks: outChunks, heapBytes: mod.HEAPU8.length},
      outChunks.map((c) => c.buffer));
  outChunks = [];
  outBytes = 0;
}

async function loadFactory(moduleJs) {
  if (isNode) {
    const {createRequire} = await importNode('module');
    const {fileURLToPath} = await importNode('url');
    const path = moduleJs.startsWith('file:') ? fileURLToPath(moduleJs) : moduleJs;
    return createRequire(import.meta.url)(path);
  }
  // The emscripten loader is a classic script (MODULARIZE, not ES6).
  const text = await (await fetch(moduleJs)).text();
  return new Function(`${text}\nreturn createWeftModule;`)();
}

async function init(msg) {
  const factory = await loadFactory(msg.moduleJs);
  const opts = {
    onRpcResponse(bytes) {
      // |bytes| is a fresh copy of whole response messages.
      outChunks.push(bytes);
      outBytes += bytes.length;
      if (outBytes >= FLUSH_BYTES) flush();
    },
    print: (s) => console.log(s),
    printErr: (s) => console.error(s),
    onAbort: (what) => { lastFatal = `wasm module aborted: ${what}`; },
  };
  if (isNode) {
    const fs = await importNode('fs');
    const {fileURLToPath} = await importNode('url');
    const p = msg.moduleWasm.startsWith('file:') ? fileURLToPath(msg.moduleWasm) : msg.moduleWasm;
    opts.wasmBinary = fs.readFileSync(p);
  } else {
    opts.locateFile = () => msg.moduleWasm;
  }
  mod = await factory(opts);
  bufSize = msg.bufSize;
  bufPtr = mod._weft_rpc_init(bufSize) >>> 0;
  if (!bufPtr) throw new Error('weft_rpc_init failed');
}

function handleRpc(bytes) {
  for (let off = 0; off < bytes.length; off += bufSize) {
    const n = Math.min(bufSize, bytes.length - off);
    mod.HEAPU8.set(bytes.subarray(off, off + n), bufPtr);  // HEAPU8 changes on growth.
    mod._weft_on_rpc_request(n);
  }
  flush();
}

port.onMessage(async (msg) => {
  if (dead) return;
  try {
    if (msg.type === 'init') {
      await init(msg);
      port.post({type: 'ready'});
    } else if (msg.type === 'rpc') {
      handleRpc(msg.bytes);
    }
  } catch (e) {
    dead = true;
    flush();  // E.g. the fatal_error response sent before an abort.
    port.post({type: 'dead', message: deathMessage(e)});
  }
});

function deathMessage(e) {
  if (lastFatal) return lastFatal;
  // A C++ exception nobody caught (e.g. PodVector's std::bad_alloc when
  // realloc fails) reaches JS as a WebAssembly.Exception (the module uses
  // wasm exception handling; older JS-based builds threw a bare number).
  const cxxException = typeof e === 'number' ||
      (typeof WebAssembly.Exception === 'function' && e instanceof WebAssembly.Exception);
  if (cxxException && mod) {
    if (mod._weft_allocation_failed()) {
      const mib = Math.round(mod.HEAPU8.length / (1 << 20));
      return `out of memory: the wasm heap is exhausted (the ${mib} MiB heap cannot grow)`;
    }
    return 'the wasm module stopped on an uncaught C++ exception';
  }
  return (e && e.message) || String(e);
}
