// An engine started before a trace is chosen. Starting one (the worker,
// fetching, compiling and instantiating the wasm module, the engine's SQL
// setup) takes 0.1-0.3 s, and its code runs slowly until V8 has optimized
// it (engine_warmup.js): started when the page loads, or when the user
// reaches for "Open trace…" or drags a file over the page, it is ready by
// the time a file is chosen, off the path from the file to its first
// frame. At most one spare engine exists; the loader takes it.

import {Engine} from '../engine.js';
import {warmUp} from './engine_warmup.js';

// A new engine, warmed up (engine_warmup.js); a fresh one if that failed.
async function startWarmEngine() {
  const engine = await Engine.create();
  try {
    await warmUp(engine);
    return engine;
  } catch (e) {
    console.warn('weft viewer: warming the engine up failed:', e);
    engine.close();
    return Engine.create();
  }
}

export class SpareEngine {
  // create(): resolves to a new engine (warmed up by default).
  constructor(create = startWarmEngine) {
    this._create = create;
    this._next = null;  // Promise of the spare engine, or null.
    this._readyAt = null;
  }

  // performance.now() when the current spare became ready, or null.
  get readyAt() { return this._readyAt; }

  // Starts a spare engine unless one is already starting or waiting.
  prepare() {
    if (this._next) return;
    const started = this._create();
    this._next = started;
    started.then(() => {
      if (this._next === started) this._readyAt = performance.now();
    }, () => {
      if (this._next === started) this._next = null;  // The next take() starts afresh.
    });
  }

  // The spare engine if one is started and still usable (waiting for it if
  // it is starting), else a new one. The caller owns the engine it gets.
  async take() {
    const next = this._next;
    this._next = null;
    this._readyAt = null;
    if (next) {
      const engine = await next.catch(() => null);
      if (engine && engine.alive) return engine;
    }
    return this._create();
  }
}
