#!/usr/bin/env node
// Where one edit's time goes, from a Chrome trace: loads the built dist/ in
// Debian's headless Chromium (1280 × 800), once every panel is built
// (`data-ready`), records a trace over trusted clicks (Playwright's
// locator.click(): real input events) and breaks each click down, from its
// first input event to the end of the first frame committed after it
// ("to the paint"): script, style, layout, paint and GC on the page's main
// thread, and what was left idle; then what the page did in the 600 ms
// after that paint ("after": the autosave 300 ms later, and what it makes
// render). Script, style, layout, paint and GC are the main thread's CPU
// time (the trace's thread time, which leaves out the moments a loaded
// machine kept the thread waiting; CPU=0 counts wall time instead); "to
// the paint" and "idle" are wall time. Medians over the clicks, with min–max. It asserts nothing: a
// benchmark prints figures, it never fails (benchmarks are not tests).
//
// The clicks, each against a click that changes nothing (the chart's title,
// or lesson 3's prompt heading):
//   seed   Y's share_approved on the seed (Y enters or leaves bob's cells);
//   global the approval of a GLOBAL card in 1,000 cards over 10 × 10
//          viewers (every view changes);
//   pair   the approval of a PAIR card there (one card whose reach is one cell);
//   key    a key typed into G's lesson on the seed (WHAT=key), against Shift
//          pressed in the same field;
//   lesson3 a card's "high risk" box on lesson3.html (WHAT=lesson3).
//
// Usage: node scripts/bench-edit.mjs                    (build first: trunk build --release --offline)
//        RATE=4 CLICKS=10 WHAT=seed,global,pair node scripts/bench-edit.mjs
//        PROFILE=1 [PROFILE_AFTER=1] TOP=12 node scripts/bench-edit.mjs   (the sampling profiler: the functions with the
//                                                         most self time, and the app's components and
//                                                         modules by inclusive time, per kind of click)
//        MIXUA_DIST=/path/to/dist node scripts/bench-edit.mjs
//        STYLE='.cards { table-layout: fixed }' node scripts/bench-edit.mjs   (a rule added to the page: what it would save)
// Function names need a build that keeps them (locally only): add
// `data-keep-debug` to index.html's `<link data-trunk rel="rust" …>` and
// `trunk build --release --offline --dist /tmp/dist-names`, then MIXUA_DIST=/tmp/dist-names.

import { loadavg } from 'node:os';
import { distDir, launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { openBench, stats } from './bench-lib.mjs';

const RATE = Number(process.env.RATE ?? 1);
const CLICKS = Number(process.env.CLICKS ?? 10);
const WARMUP = 2;
const TOP = Number(process.env.TOP ?? 10);
const PROFILE = process.env.PROFILE === '1';
// PROFILE_AFTER=1: the profile covers the click and the 600 ms after it
// (a held edit's views come after the click's paint).
const PROFILE_AFTER = process.env.PROFILE_AFTER === '1';
const WHAT = (process.env.WHAT ?? 'seed,global,pair,key').split(',');
const AFTER_MS = 600;
// Kinds in thread time (CPU=0: wall time).
const CPU = process.env.CPU !== '0';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink.user_timing',
  ...(PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
].join(',');

/** What a slice on the main thread is, by its trace event name. */
function kind(name) {
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/.test(name)) return 'style';
  if (/^(Layout|UpdateLayerTree|IntersectionObserverController::computeIntersections|Layerize|PrePaint)$/.test(name)) return 'layout';
  if (/^(Paint|PaintImage|Rasterize|CompositeLayers|Commit)$/.test(name)) return 'paint';
  if (/^(MinorGC|MajorGC|V8\.GC_.*|BlinkGC\..*)$/.test(name)) return 'gc';
  if (/^(FunctionCall|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|v8\.callFunction|EvaluateScript|V8\.Execute)$/.test(name)) return 'script';
  return null;
}
const KINDS = ['script', 'style', 'layout', 'paint', 'gc'];

const SCENARIOS = {
  seed: { cards: 0, edit: 'tr[data-card="Y"] input[name="share_approved"]', label: 'seed, Y\'s share_approved' },
  global: { cards: 1000, edit: 'tr[data-card="C0"] input[name="share_approved"]', label: '1,000 cards, the GLOBAL card\'s approval' },
  pair: { cards: 1000, edit: 'tr[data-card="C1"] input[name="share_approved"]', label: '1,000 cards, the PAIR card\'s approval' },
  // A key typed into G's lesson (the echo; the edit is applied right after
  // the echo's frame), against Shift pressed there (keys, no input).
  key: { cards: 0, edit: 'key:tr[data-card="G"] textarea[name="lesson"]', noop: 'key-noop:tr[data-card="G"] textarea[name="lesson"]', label: 'seed, a key typed into G\'s lesson' },
  // Lesson 3 (lesson3.html): the first prompt card's "high risk" box (every
  // viewer's prompt assembled again, the checks, the bars), against a click
  // on the prompt panel's heading.
  lesson3: {
    page: 'lesson3',
    edit: '[data-panel="prompt-settings"] input[name="risk"]',
    noop: '[data-panel="prompt"] h2 >> nth=0',
    label: 'lesson 3, a card\'s "high risk" box',
  },
};
const NOOP = '#chart-title';

/** Waits two frames and a task in the page: the click's frame has been painted. */
const settle = (page) =>
  page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 0)))));
const mark = (page, name) => page.evaluate((name) => performance.mark(name), name);

/** Clicks `selector` CLICKS times (after WARMUP), marking each, under a trace. */
async function traced(page, cdp, selectors) {
  // A selector `key:…` types an x into that field, `key-noop:…` presses
  // Shift there (trusted key events, as Playwright's keyboard sends them).
  const target = (s) => {
    const [kind, field] = s.startsWith('key') ? s.split(/:(.*)/s) : [null, s];
    if (!kind) return page.locator(s);
    return { click: async () => { await page.focus(field); await page.keyboard.press(kind === 'key' ? 'x' : 'Shift'); } };
  };
  for (let i = 0; i < WARMUP; i += 1) {
    for (const s of selectors) {
      await target(s).click();
      await settle(page);
    }
  }
  await new Promise((ok) => setTimeout(ok, AFTER_MS));
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  for (let i = 0; i < CLICKS; i += 1) {
    for (const [n, s] of selectors.entries()) {
      await mark(page, `bench:${n}:${i}:start`);
      await target(s).click();
      await settle(page);
      await mark(page, `bench:${n}:${i}:painted`);
      await new Promise((ok) => setTimeout(ok, AFTER_MS));
      await mark(page, `bench:${n}:${i}:after`);
    }
  }
  await cdp.send('Tracing.end');
  await done;
  return events;
}

/**
 * The main-thread time of a window by kind, in ms: each counted slice's
 * self time (its duration less the counted slices nested in it), so script
 * that forces a style or layout counts that as style or layout, once.
 */
function byKind(onMain, from, to) {
  const sums = Object.fromEntries(KINDS.map((k) => [k, 0]));
  const slices = onMain
    .filter((e) => e.ph === 'X' && e.dur && e.ts >= from && e.ts < to && kind(e.name))
    .map((e) => {
      // Thread time (`tdur`, the CPU the main thread spent), not wall
      // time: on a shared machine a slice's wall time also counts the
      // moments the thread waited for a core.
      const time = CPU && e.tdur !== undefined ? e.tdur : Math.min(e.ts + e.dur, to) - e.ts;
      return { k: kind(e.name), ts: e.ts, end: Math.min(e.ts + e.dur, to), time, self: time };
    })
    .sort((a, b) => a.ts - b.ts || b.end - a.end);
  const stack = [];
  for (const s of slices) {
    while (stack.length && stack.at(-1).end <= s.ts) stack.pop();
    if (stack.length) stack.at(-1).self -= s.time;
    stack.push(s);
  }
  for (const s of slices) sums[s.k] += Math.max(0, s.self) / 1000;
  return sums;
}

function analyse(events, names) {
  const marks = new Map();
  for (const e of events) if (e.cat?.includes('blink.user_timing') && e.name.startsWith('bench:')) marks.set(e.name, e);
  const first = [...marks.values()][0];
  if (!first) throw new Error('no marks in the trace');
  const main = `${first.pid}:${first.tid}`;
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts);
  // CPU profile samples, when recorded.
  const nodes = new Map();
  const timed = [];
  let at = 0;
  // The profile is started on the main thread; its chunks come from the
  // sampler's thread of the same process, under the profile's id.
  const profile = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === main);
  at = profile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profile || e.pid !== profile.pid || e.id !== profile.id) continue;
    const data = e.args?.data?.cpuProfile;
    for (const n of data?.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args.data.timeDeltas ?? [];
    (data?.samples ?? []).forEach((id, i) => timed.push({ id, ts: (at += deltas[i] ?? 0) }));
  }
  const results = names.map(() => ({ paint: [], kinds: Object.fromEntries(KINDS.map((k) => [k, []])), idle: [], after: [], afterKinds: Object.fromEntries(KINDS.map((k) => [k, []])), tasks: [], self: new Map(), incl: new Map(), samplesMs: 0 }));
  for (let i = 0; i < CLICKS; i += 1) {
    for (const [n] of names.entries()) {
      const start = marks.get(`bench:${n}:${i}:start`)?.ts;
      const painted = marks.get(`bench:${n}:${i}:painted`)?.ts;
      const after = marks.get(`bench:${n}:${i}:after`)?.ts;
      if (start === undefined || painted === undefined || after === undefined) continue;
      const input = onMain.find((e) => e.name === 'EventDispatch' && e.ts >= start && e.ts < painted && /^(pointerdown|mousedown|keydown)$/.test(e.args?.data?.type));
      if (!input) continue;
      const lastClick = onMain.filter((e) => e.name === 'EventDispatch' && e.ts >= input.ts && e.ts < painted && /^(click|change|input|pointerup|mouseup)$/.test(e.args?.data?.type)).at(-1) ?? input;
      const clickEnd = lastClick.ts + lastClick.dur;
      // The end of the first frame committed after the click's handlers
      // (and the renders they scheduled) have run.
      const commit = onMain.find((e) => e.ph === 'X' && (e.name === 'Commit' || e.name === 'Paint') && e.ts >= clickEnd && e.ts < after);
      const end = commit ? commit.ts + commit.dur : painted;
      const r = results[n];
      r.paint.push((end - input.ts) / 1000);
      const k = byKind(onMain, input.ts, end);
      for (const key of KINDS) r.kinds[key].push(k[key]);
      r.idle.push((end - input.ts) / 1000 - KINDS.reduce((a, key) => a + k[key], 0));
      const ka = byKind(onMain, end, after);
      for (const key of KINDS) r.afterKinds[key].push(ka[key]);
      r.after.push(KINDS.reduce((a, key) => a + ka[key], 0));
      r.tasks.push(onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= end && e.ts < after && e.dur > 1000).length);
      // Self time per function, and inclusive time of the app's parts.
      let prev = null;
      for (const s of timed) {
        if (s.ts < input.ts || s.ts > (PROFILE_AFTER ? after : end)) { prev = s; continue; }
        const dt = prev ? (s.ts - prev.ts) / 1000 : 0;
        prev = s;
        r.samplesMs += dt;
        const node = nodes.get(s.id);
        const fn = node?.callFrame?.functionName || node?.callFrame?.url?.replace(/^.*\//, '') || '(program)';
        r.self.set(fn, (r.self.get(fn) ?? 0) + dt);
        const seen = new Set();
        for (let p = node; p; p = nodes.get(p.parent)) {
          const f = p.callFrame?.functionName ?? '';
          const m = f.match(/mixua_playground::(components::)?[a-z_]+::[A-Za-z_]+|mixua_policy::[a-z_]+::[A-Za-z_:]+|yew::[a-z_]+::[a-z_]+/);
          if (m && !seen.has(m[0])) { seen.add(m[0]); r.incl.set(m[0], (r.incl.get(m[0]) ?? 0) + dt); }
        }
      }
    }
  }
  return results;
}

const f = (xs) => {
  if (!xs.length) return 'n/a';
  const s = stats(xs);
  return `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;
};

function print(label, r) {
  console.log(`  ${label}`);
  console.log(`    to the paint ${f(r.paint)} ms: ${KINDS.map((k) => `${k} ${f(r.kinds[k])}`).join(', ')}, idle ${f(r.idle)}`);
  console.log(`    after it (${AFTER_MS} ms): busy ${f(r.after)} ms in ${f(r.tasks)} tasks over 1 ms: ${KINDS.map((k) => `${k} ${f(r.afterKinds[k])}`).join(', ')}`);
  if (PROFILE && r.samplesMs) {
    const per = (ms) => (ms / CLICKS).toFixed(2);
    console.log(`    self time per click (sampled, ${per(r.samplesMs)} ms): ${[...r.self].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([fn, ms]) => `${fn.slice(0, 80)} ${per(ms)}`).join('; ')}`);
    console.log(`    inclusive per click: ${[...r.incl].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([fn, ms]) => `${fn} ${per(ms)}`).join('; ')}`);
  }
}

/** lesson3.html in English, with the first card chosen in the prompt settings. */
async function openLesson3(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}lesson3.html?lesson=3&lang=en&fresh`);
  await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 60_000 });
  await page.waitForSelector('[data-panel="prompt"][data-prompt]');
  const first = await page.$eval('select[name="prompt-card"] option:not([value=""])', (o) => o.value);
  await page.selectOption('select[name="prompt-card"]', first);
  await page.waitForSelector('[data-panel="prompt-settings"] input[name="risk"]');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  return { context, page, cdp };
}

const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(`MixUA Playground: one edit, traced: ${distDir}`);
  console.log(`CPU ${RATE === 1 ? 'unthrottled' : `slowed ${RATE}×`}, ${CLICKS} clicks of each after ${WARMUP} warm-up, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`medians (min–max), ms on the main thread from the first input event to the end of the first frame committed after it; kinds in ${CPU ? 'thread (CPU) time' : 'wall time'}`);
  let opened = null;
  for (const what of WHAT) {
    const s = SCENARIOS[what];
    if (!s) throw new Error(`unknown WHAT ${what}`);
    // The two 1,000-card clicks share one page (its import is slow).
    if (!opened || opened.cards !== s.cards || opened.page_ !== s.page) {
      await opened?.context.close();
      opened = { cards: s.cards, page_: s.page, ...(s.page === 'lesson3' ? await openLesson3(browser, server) : await openBench(browser, server, { rate: RATE, cards: s.cards })) };
    }
    const events = await traced(opened.page, opened.cdp, [s.edit, s.noop ?? NOOP]);
    if (process.env.SAVE) await (await import("node:fs/promises")).writeFile(process.env.SAVE, JSON.stringify({ traceEvents: events }));
    const [edit, noop] = analyse(events, ["edit", "noop"]);
    console.log(`\n${s.label} (load average ${loadavg()[0].toFixed(2)}):`);
    print('the edit', edit);
    print('a click that changes nothing', noop);
  }
  await opened?.context.close();
} finally {
  await browser.close();
  await server.close();
}
