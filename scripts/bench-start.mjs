#!/usr/bin/env node
// The start's main-thread tasks, from a Chrome trace: loads the built dist/
// (served locally, no network throttling) in Debian's Chromium with the CPU
// slowed down by CDP's Emulation.setCPUThrottlingRate (default 4, as
// Lighthouse's mobile run simulates), records a trace until the page has
// been quiet for a while, and prints every main-thread task over 50 ms with
// what ran in it (script, wasm compile, style, layout, paint, the wasm's
// hottest functions when the build keeps their names), then the longest
// task and the sum of blocking (each task's time over 50 ms, as Lighthouse's
// total blocking time counts it, from the first paint on), and the wasm's
// own main-thread time by what V8 did (compiling a module, instantiating
// it, compiling a function on its first call). It asserts
// nothing: figures are reported, never failed (benchmarks are not tests).
// The trace runs WAIT seconds (default 2 + RATE) from the navigation.
//
// Usage: node scripts/bench-start.mjs                  (build first: trunk build --release --offline)
//        RATE=1 RUNS=5 node scripts/bench-start.mjs    (unthrottled; five runs, median printed)
//        QUERY='lang=en' VIEWPORT=1280x800 node scripts/bench-start.mjs
//        PROFILE=1 TOP=15 node scripts/bench-start.mjs (sample functions: the hottest per long task)
//        MIXUA_DIST=/path/to/dist node scripts/bench-start.mjs
//        SAVE=/tmp/trace.json node scripts/bench-start.mjs   (keeps the last run's trace)
// For function names, build once with names kept (locally only): add
// `data-keep-debug` to index.html's `<link data-trunk rel="rust" …>` and
// `trunk build --release --offline --dist /tmp/dist-names`.

import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { startServer, launchBrowser } from '../tests/e2e/harness.mjs';

const RATE = Number(process.env.RATE ?? 4);
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const TOP = Number(process.env.TOP ?? 6);
const QUERY = process.env.QUERY ?? '';
const [W, H] = (process.env.VIEWPORT ?? '412x823').split('x').map(Number);

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'v8.wasm',
  'blink.user_timing',
  'loading',
  // The sampling profiler (function names) logs every compiled function,
  // which slows the start down: only with PROFILE=1 (Lighthouse runs without it).
  ...(process.env.PROFILE === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []),
].join(',');

/** What a slice of a task is, by its trace event name. */
function kind(name) {
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/.test(name)) return 'style';
  if (/^(Layout|UpdateLayerTree|IntersectionObserverController::computeIntersections|Layerize|PrePaint)$/.test(name)) return 'layout';
  if (/^(Paint|PaintImage|Rasterize|CompositeLayers|Commit)$/.test(name)) return 'paint';
  if (/^(ParseHTML)$/.test(name)) return 'parse html';
  if (/wasm/i.test(name)) return 'wasm compile';
  if (/^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.parseOnBackground|V8\.ScriptCompiler)$/.test(name)) return 'js compile';
  if (/^(MinorGC|MajorGC|V8\.GC.*|BlinkGC.*)$/.test(name)) return 'gc';
  return null;
}

async function run(browser, server) {
  const context = await browser.newContext({ viewport: { width: W, height: H } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await page.goto(`${server.url}${QUERY ? `?${QUERY}` : ''}`);
  // Waits from here, not by polling the page (Playwright's own scripts
  // would run in the page and show in the trace): WAIT seconds (default
  // 2 + RATE), then the app must be ready.
  await new Promise((ok) => setTimeout(ok, 1000 * Number(process.env.WAIT ?? 2 + RATE)));
  const ready = await page.evaluate(() => Boolean(document.querySelector('#app [data-ready], #app [data-view]') && !document.querySelector('.prerender')));
  if (!ready) console.log('  (the app was not there yet at the end of the trace: raise WAIT)');
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  return events;
}

function analyse(events) {
  // The page's renderer main thread.
  const names = new Map();
  for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith('http'))
    ?? events.find((e) => e.name === 'navigationStart');
  const main = `${nav.pid}:${nav.tid}`;
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const t0 = nav.ts;
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint')?.ts ?? t0;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur).sort((a, b) => a.ts - b.ts);
  // CPU profile samples (the function names of the wasm and its JS).
  const nodes = new Map();
  const samples = [];
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || `${e.pid}:${e.tid}` !== main) continue;
    const data = e.args?.data?.cpuProfile;
    for (const n of data?.nodes ?? []) nodes.set(n.id, n);
    let ts = e.args.data.timeDeltas ? null : null;
    const deltas = e.args.data.timeDeltas ?? [];
    samples.push(...(data?.samples ?? []).map((id, i) => ({ id, delta: deltas[i] ?? 0 })));
  }
  const profile = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === main);
  let at = profile?.args?.data?.startTime ?? 0;
  const timed = samples.map((s) => ({ id: s.id, ts: (at += s.delta) }));
  const long = tasks.filter((t) => t.dur > 50_000);
  const rows = [];
  for (const task of long) {
    const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task);
    const byKind = {};
    // Top-level slices by kind (not nested twice: a kind counted once per outermost slice).
    const spans = [];
    for (const e of inside) {
      const k = kind(e.name);
      if (!k || !e.dur) continue;
      if (spans.some((s) => s.k === k && e.ts >= s.ts && e.ts + e.dur <= s.ts + s.dur)) continue;
      spans.push({ k, ts: e.ts, dur: e.dur });
    }
    for (const s of spans) byKind[s.k] = (byKind[s.k] ?? 0) + s.dur / 1000;
    const scripts = inside.filter((e) => ['FunctionCall', 'EvaluateScript', 'v8.callFunction', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'v8.evaluateModule'].includes(e.name));
    const what = [...new Set(scripts.map((e) => {
      const d = e.args?.data ?? {};
      const url = (d.url ?? d.functionName ?? d.type ?? '').replace(/^https?:\/\/[^/]+/, '');
      return `${e.name}${url ? ` ${url}` : ''}`;
    }))].slice(0, 4);
    // Self time per function in the samples within this task.
    const self = new Map();
    let prev = null;
    for (const s of timed) {
      if (s.ts < task.ts || s.ts > task.ts + task.dur) { prev = s; continue; }
      const n = nodes.get(s.id);
      const fn = n?.callFrame?.functionName || n?.callFrame?.url?.replace(/^.*\//, '') || '(program)';
      const dt = prev ? (s.ts - prev.ts) / 1000 : 0;
      self.set(fn, (self.get(fn) ?? 0) + dt);
      prev = s;
    }
    // Inclusive time of app-level frames (those named like the app's modules).
    const incl = new Map();
    prev = null;
    for (const s of timed) {
      if (s.ts < task.ts || s.ts > task.ts + task.dur) { prev = s; continue; }
      const dt = prev ? (s.ts - prev.ts) / 1000 : 0;
      prev = s;
      const seen = new Set();
      for (let n = nodes.get(s.id); n; n = nodes.get(n.parent)) {
        const fn = n.callFrame?.functionName ?? '';
        const m = fn.match(/mixua_playground::(components::)?[a-z_]+::[A-Za-z_]+|mixua_policy::[a-z_]+::[A-Za-z_:]+|yew::[a-z_:]+/);
        if (m && !seen.has(m[0])) { seen.add(m[0]); incl.set(m[0], (incl.get(m[0]) ?? 0) + dt); }
      }
    }
    rows.push({
      at: (task.ts - t0) / 1000,
      dur: task.dur / 1000,
      byKind,
      what,
      self: [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP),
      incl: [...incl].sort((a, b) => b[1] - a[1]).slice(0, TOP),
    });
  }
  // The app's tasks: those that run the wasm's JS (its start and its later steps).
  const appTasks = tasks.filter((t) => t.dur > 5_000 && onMain.some((e) => e.name === 'FunctionCall' && e.ts >= t.ts && e.ts <= t.ts + t.dur && /mixua-playground-[0-9a-f]+\.js/.test(e.args?.data?.url ?? '')));
  const app = appTasks.map((t) => Math.round(t.dur / 1000));
  const afterFcp = tasks.filter((t) => t.ts >= fcp);
  const blocking = afterFcp.reduce((sum, t) => sum + Math.max(0, t.dur / 1000 - 50), 0);
  const longest = Math.max(0, ...tasks.map((t) => t.dur / 1000));
  // The wasm's work on the main thread, by what V8 did: compiling a module
  // (its bytes decoded and checked: the main module's or a part's, where
  // the page compiles it itself), instantiating one, and compiling a
  // function the first time it runs (V8 compiles wasm lazily). Outermost
  // slices only.
  const wasm = { 'module compile': 0, instantiate: 0, 'functions on first call': 0 };
  const wasmKind = (name) =>
    /^(v8\.wasm\.compileConsume(Done)?|wasm\.FinishStreaming|wasm\.OnBytesReceived|wasm\.SyncCompile|wasm\.AsyncCompile)$/.test(name) ? 'module compile'
      : /^wasm\.(Sync|Async)Instantiate$/.test(name) ? 'instantiate'
        : name === 'wasm.CompileLazy' ? 'functions on first call' : null;
  const wasmSpans = [];
  for (const e of onMain) {
    const k = e.ph === 'X' && e.dur ? wasmKind(e.name) : null;
    if (!k || wasmSpans.some((s) => e.ts >= s.ts && e.ts + e.dur <= s.ts + s.dur)) continue;
    wasmSpans.push({ ts: e.ts, dur: e.dur });
    wasm[k] += e.dur / 1000;
  }
  return { rows, blocking, longest, fcp: (fcp - t0) / 1000, app, wasm };
}

const server = await startServer();
const browser = await launchBrowser();
const results = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const load = loadavg()[0].toFixed(2);
    const events = await run(browser, server);
    if (process.env.SAVE && i === RUNS - 1) await writeFile(process.env.SAVE, JSON.stringify({ traceEvents: events }));
    const r = analyse(events);
    results.push(r);
    console.log(`run ${i + 1} (CPU ×${RATE}, ${W}×${H}${QUERY ? `, ?${QUERY}` : ''}, load ${load}): longest task ${r.longest.toFixed(0)} ms, blocking ${r.blocking.toFixed(0)} ms (first paint ${r.fcp.toFixed(0)} ms)`);
    console.log(`  the app's tasks (ms): ${r.app.join(' ')} (sum ${r.app.reduce((a, b) => a + b, 0)})`);
    console.log(`  wasm on the main thread (ms): ${Object.entries(r.wasm).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
    for (const row of r.rows) {
      const kinds = Object.entries(row.byKind).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
      console.log(`  ${row.dur.toFixed(0).padStart(5)} ms at ${row.at.toFixed(0).padStart(5)} ms  ${kinds}`);
      if (row.what.length) console.log(`        ${row.what.join(' | ')}`);
      if (process.env.TOP !== '0') {
        for (const [fn, ms] of row.incl) console.log(`        incl ${ms.toFixed(0).padStart(4)} ms  ${fn}`);
        for (const [fn, ms] of row.self) console.log(`        self ${ms.toFixed(0).padStart(4)} ms  ${fn.slice(0, 110)}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
console.log(`median of ${RUNS}: longest task ${fmt(results.map((r) => r.longest))}, blocking over 50 ms ${fmt(results.map((r) => r.blocking))}`);
console.log(`median of ${RUNS}: wasm on the main thread: ${Object.keys(results[0].wasm).map((k) => `${k} ${fmt(results.map((r) => r.wasm[k]))}`).join(', ')}`);
