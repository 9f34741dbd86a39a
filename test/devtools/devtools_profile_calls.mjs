// The DevTools trace engine (pinned @paulirish/trace_engine) run as an
// oracle: the profile calls it builds for each thread of a trace (JSON trace
// or bare .cpuprofile), as {pid, tid, calls: [{ts, dur, name}]} with times in
// microseconds. Used by compare_profile_calls.mjs and tools/bench.
import fs from 'node:fs';
import zlib from 'node:zlib';

import {polyfillDOMRect} from './node_modules/@paulirish/trace_engine/analyze-trace.mjs';
import * as Trace from './node_modules/@paulirish/trace_engine/models/trace/trace.js';

polyfillDOMRect();

export function readJsonFile(file) {
  let bytes = fs.readFileSync(file);
  if (bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
  return JSON.parse(bytes.toString('utf8'));
}

// A bare CPU profile ({nodes, samples, ...}) is wrapped in a fake trace as
// DevTools does when it opens a .cpuprofile.
function traceOf(json) {
  if (Array.isArray(json)) return {events: json, isCpuProfile: false};
  if (json.nodes && (json.samples || json.timeDeltas)) {
    const fake = Trace.Helpers.SamplesIntegrator.SamplesIntegrator.createFakeTraceFromCpuProfile(
        json, Trace.Types.Events.ThreadID(1));
    return {events: fake.traceEvents, isCpuProfile: true};
  }
  return {events: json.traceEvents ?? [], isCpuProfile: false};
}

function callName(call) {
  return call.callFrame.functionName || '(anonymous)';
}

// Parses |json| with every handler, as the Performance panel does.
export async function parseWithDevTools(json) {
  const {events, isCpuProfile} = traceOf(json);
  const model = Trace.TraceModel.Model.createWithAllHandlers();
  const metadata = isCpuProfile ? {dataOrigin: Trace.Types.File.DataOrigin.CPU_PROFILE} : {};
  // Silences the engine's console.error about unbalanced events.
  const error = console.error;
  console.error = () => {};
  try {
    await model.parse(events, {metadata, isCPUProfile: isCpuProfile});
  } finally {
    console.error = error;
  }
  return {parsedTrace: model.parsedTrace().data, isCpuProfile};
}

// Per thread, the profile calls DevTools shows in that thread's track.
export function profileCallsByThread(parsedTrace, isCpuProfile) {
  const threads = [];
  const add = (pid, tid, calls) => {
    if (!calls.length) return;
    threads.push({
      pid: Number(pid),
      tid: Number(tid),
      calls: calls.map(c => ({ts: c.ts, dur: c.dur ?? 0, name: callName(c)})),
    });
  };
  if (isCpuProfile) {
    for (const [pid, byThread] of parsedTrace.Samples.profilesInProcess) {
      for (const [tid, profile] of byThread) add(pid, tid, profile.profileCalls);
    }
  } else {
    for (const [pid, process] of parsedTrace.Renderer.processes) {
      for (const [tid, thread] of process.threads) add(pid, tid, thread.profileCalls);
    }
  }
  threads.sort((a, b) => a.pid - b.pid || a.tid - b.tid);
  return threads;
}

export async function devtoolsProfileCalls(file) {
  const {parsedTrace, isCpuProfile} = await parseWithDevTools(readJsonFile(file));
  return profileCallsByThread(parsedTrace, isCpuProfile);
}
