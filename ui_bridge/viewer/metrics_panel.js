// The Metrics tab: runs a metric with Engine.metric(names, 'text') and shows
// its text output. Reference: docs/viewer.md

import {el} from './dom.js';

export const METRICS = ['trace_metadata', 'trace_stats', 'android_cpu'];

export class MetricsPanel {
  constructor(elements) {
    this._els = elements;  // {select, run, status, output}
    this._engine = null;
    for (const name of METRICS) elements.select.append(el('option', {value: name}, name));
    elements.run.addEventListener('click', () => this.run(elements.select.value));
  }

  setEngine(engine) {
    this._engine = engine;
    this._els.output.textContent = '';
    this._els.status.textContent = '';
  }

  async run(name) {
    const {status, output} = this._els;
    if (!this._engine) return;
    if (typeof this._engine.metric !== 'function') {
      status.textContent = 'This engine has no metric() method.';
      return;
    }
    status.textContent = `Running ${name}…`;
    try {
      const text = await this._engine.metric([name], 'text');
      output.textContent = typeof text === 'string' ? text : new TextDecoder().decode(text);
      status.textContent = `${name} done`;
    } catch (e) {
      output.textContent = '';
      status.textContent = `${name} failed: ${e.message}`;
    }
  }
}
