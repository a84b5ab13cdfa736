#!/usr/bin/env node
// What 20 assertions add to one edit in the browser (issue 53; budget: an
// edit with 20 assertions costs no more than 2 ms over the same edit with
// none, at 1×). The native figure is `cargo bench --bench assertions`;
// this is the same edit, in the built page, measured from the learner's
// click.
//
// Each lesson (1 on index.html, 3 on lesson3.html) is opened from a share
// link of its own start, made by the page itself (Work → Share), in three
// pages: the work with no assertions; the same work with the 20
// assertions of `benches/assertions.rs` (the panel closed: a failing one
// marks its cell in the chart); and with the 20 and the Assertions panel
// open (its rows' `data-pass`). In each, the same edit: a trusted click on
// A's share_approved (Playwright's click: real input events), CLICKS times
// after WARMUP, the pages taking turns so that the machine's load falls on
// all three alike. For each click:
//   event    Chrome's Event Timing: the longest of the click's pointerdown,
//            pointerup and click entries (input → next paint). Entries
//            under 16 ms (the smallest threshold the API allows) are not
//            reported: counted as "under 16 ms";
//   views    frame-timed: from the pointerdown's timestamp to two
//            animation frames after the chart's views changed (the frame
//            that shows them has been painted);
//            ("in the page": to the moment the changed views are in the
//            document, no frame waited for);
//   verdict  the same, to two frames after the assertions' verdicts on
//            the page changed: the cell's mark (`data-assertion-fails`)
//            with the panel closed, a row's `data-pass` with it open.
// It prints medians with min–max and the load average; it asserts nothing.
//
// Usage: node scripts/bench-assertions.mjs           (build first: trunk build --release --offline)
//        RATE=4 CLICKS=30 LESSONS=1,3 node scripts/bench-assertions.mjs
//        MIXUA_DIST=/path/to/dist node scripts/bench-assertions.mjs

import { loadavg } from 'node:os';
import { deflateSync, inflateSync } from 'node:zlib';
import { clickWork, distDir, launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { observeEvents, stats } from './bench-lib.mjs';

const RATE = Number(process.env.RATE ?? 1);
const CLICKS = Number(process.env.CLICKS ?? 30);
const WARMUP = 3;
const AFTER_MS = 400;
const LESSONS = (process.env.LESSONS ?? '1,3').split(',');

// The 20 assertions of benches/assertions.rs, per lesson.
const cells1 = ['alice/writer-v1', 'alice/checker-v1', 'bob/writer-v1', 'bob/checker-v1'];
const ASSERTIONS = {
  1: [
    ...cells1.flatMap((cells) => [
      { check: { retrieves: { cells, card: 'G' } } },
      { check: { not_retrieves: { cells, card: 'X' } } },
    ]),
    { check: { retrieves: { cells: '*/writer-v1', card: 'A' } }, note: 'writer rules are shared' },
    { check: { not_retrieves: { cells: 'bob/*', card: 'P' } } },
    { check: { not_retrieves: { cells: 'bob/*', card: 'U' } } },
    { check: { retrieves: { cells: 'bob/*', card: 'B' } } },
    { check: { not_retrieves: { cells: '*/checker-v1', card: 'A' } } },
    { check: { rejected: { card: 'X', reason: 'protected_shared' } } },
    { check: { rejected: { card: 'Y' } } },
    { check: { accepted: { card: 'A' } } },
    'no_leak_anywhere',
    'no_leak_anywhere',
    { check: { retrieves: { cells: 'alice/writer-v1', card: 'P' } } },
    { check: { retrieves: { cells: 'alice/*', card: 'U' } } },
  ],
  3: [
    { check: { retrieves: { cells: 'bob/checker-v1', card: 'S' } } },
    { check: { retrieves: { cells: '*/writer-v1', card: 'A' } } },
    { check: { not_retrieves: { cells: 'bob/*', card: 'E' } } },
    { check: { not_retrieves: { cells: 'carol/*', card: 'W' } } },
    { check: { retrieves: { cells: '*/*', card: 'G2' } } },
    { check: { not_retrieves: { cells: '*/*', card: 'G' } } },
    { check: { retrieves: { cells: 'alice/*', card: 'F' } } },
    { check: { not_retrieves: { cells: 'bob/writer-v1', card: 'M' } } },
    { check: { rejected: { card: 'X', reason: 'protected_shared' } } },
    { check: { rejected: { card: 'Y' } } },
    { check: { accepted: { card: 'R' } } },
    { check: { in_prompt: { cells: 'bob/checker-v1', card: 'W' } } },
    { check: { not_in_prompt: { cells: '*/checker-v1', card: 'F' } } },
    { check: { in_prompt: { cells: 'alice/writer-v1', card: 'R' } } },
    { check: { not_in_prompt: { cells: 'carol/*', card: 'E' } } },
    'no_leak_anywhere',
    { check: 'no_leak_anywhere', note: 'twice: each is its own check' },
    { check: { retrieves: { cells: 'bob/checker-v1', card: 'G' } }, at: 1 },
    { check: { not_retrieves: { cells: '*/*', card: 'G2' } }, at: 1 },
    { check: { retrieves: { cells: 'alice/writer-v1', card: 'A' } }, at: 2 },
  ],
};
const PAGES = { 1: '', 3: 'lesson3.html' };
const EDIT = 'tr[data-card="A"] input[name="share_approved"]';

// A share link's data: base64url(zlib(JSON)) after `#v1.` (src/link.rs).
const unpack = (data) => JSON.parse(inflateSync(Buffer.from(data, 'base64url')).toString('utf8'));
const pack = (value) => deflateSync(Buffer.from(JSON.stringify(value), 'utf8'), { level: 9 }).toString('base64url');

/** In the page, before any script: Event Timing kept, and each pointerdown's timestamp. */
function instrument() {
  window.__down = 0;
  addEventListener('pointerdown', (e) => { window.__down = e.timeStamp; }, true);
}

async function ready(page) {
  await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 120_000 });
}

/** The lesson's own start, as the page writes its share link. */
async function startLink(browser, server, lesson) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}${PAGES[lesson]}?lang=en&fresh`);
  await ready(page);
  await clickWork(page, '[data-action="share"]');
  const link = await page.inputValue('input[name="share_link"]');
  await context.close();
  const [base, fragment] = link.split('#v1.');
  return { base, work: unpack(fragment) };
}

/** Finds the workspace object inside a work (the object with `cards`). */
function workspaceOf(work) {
  if (Array.isArray(work?.cards)) return work;
  for (const value of Object.values(work ?? {})) {
    if (value && typeof value === 'object') {
      const found = workspaceOf(value);
      if (found) return found;
    }
  }
  return null;
}

async function openVariant(browser, base, work, { panel }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(observeEvents);
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}#v1.${pack(work)}`);
  await ready(page);
  // Lesson 3 opened from a link keeps its other panels under "More": opened, as a learner would.
  const more = page.locator('details[data-panel="more"]');
  if ((await more.count()) && !(await more.evaluate((d) => d.open))) await more.locator(':scope > summary').click();
  await page.waitForSelector(EDIT, { timeout: 30_000 });
  if (panel) {
    await page.click('[data-action="assertions"]');
    await page.waitForSelector('[data-assertions] [data-assertion]');
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  return { context, page, errors };
}

/** One trusted click on the edit: { event, views, verdict } in ms (null: not seen). */
async function measure(page, wantVerdict) {
  const before = await page.evaluate((wantVerdict) => {
    const viewSig = () => [...document.querySelectorAll('[data-view]')]
      .map((v) => `${v.getAttribute('data-view')}:${[...v.querySelectorAll('[data-card-id]')].map((c) => c.getAttribute('data-card-id')).join(',')}`)
      .join(';');
    const verdictSig = () => [
      ...[...document.querySelectorAll('[data-view][data-assertion-fails]')].map((v) => `${v.getAttribute('data-view')}=${v.getAttribute('data-assertion-fails')}`),
      ...[...document.querySelectorAll('[data-assertions] [data-assertion]')].map((r) => r.getAttribute('data-pass')),
    ].join(';');
    const view0 = viewSig();
    const verdict0 = verdictSig();
    const out = { views: null, verdict: wantVerdict ? null : 'n/a' };
    const twoFrames = (key) => requestAnimationFrame(() => requestAnimationFrame(() => {
      out[key] = performance.now() - window.__down;
      if (out.views !== null && out.verdict !== null) { observer.disconnect(); done(out); }
    }));
    let done;
    let viewSeen = false;
    let verdictSeen = !wantVerdict;
    const check = () => {
      if (!viewSeen && viewSig() !== view0) { viewSeen = true; out.viewsDom = performance.now() - window.__down; twoFrames('views'); }
      if (!verdictSeen && verdictSig() !== verdict0) { verdictSeen = true; out.verdictDom = performance.now() - window.__down; twoFrames('verdict'); }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    window.__measured = new Promise((ok) => { done = ok; setTimeout(() => { observer.disconnect(); ok(out); }, 10_000); });
    return window.__events.length;
  }, wantVerdict);
  await page.click(EDIT);
  const out = await page.evaluate(() => window.__measured);
  // Event Timing entries come after the paint that follows the input.
  const event = await page.evaluate(
    (before) => new Promise((resolve) => {
      let frames = 0;
      const tick = () => {
        const entries = window.__events.slice(before).filter((e) => ['click', 'pointerdown', 'pointerup'].includes(e.name) && e.start >= window.__down - 1);
        if (entries.length) return resolve(Math.max(...entries.map((e) => e.duration)));
        if ((frames += 1) > 6) return resolve(null);
        requestAnimationFrame(() => setTimeout(tick, 0));
      };
      requestAnimationFrame(() => setTimeout(tick, 0));
    }),
    before,
  );
  return { event, views: out.views, verdict: out.verdict === 'n/a' ? null : out.verdict, viewsDom: out.viewsDom ?? null, verdictDom: out.verdictDom ?? null };
}

const fmt = (values, eventTiming = false) => {
  const seen = values.filter((v) => v !== null);
  const under = values.length - seen.length;
  if (!seen.length) return eventTiming ? `all ${values.length} under 16 ms` : 'n/a';
  const s = stats(seen);
  const floor = eventTiming && under ? ` (${under} of ${values.length} under 16 ms)` : '';
  return `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})${floor}`;
};
const median = (values) => {
  const seen = values.filter((v) => v !== null);
  return seen.length ? stats(seen).median : null;
};

const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(`MixUA Playground: one edit (A's share_approved) with 20 assertions and with none: ${distDir}`);
  console.log(`CPU ${RATE === 1 ? 'unthrottled' : `slowed ${RATE}×`}, ${CLICKS} clicks each after ${WARMUP} warm-up, pages taking turns; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('medians (min–max), ms from the pointerdown; Event Timing: the longest of the click\'s entries');
  for (const lesson of LESSONS) {
    const { base, work } = await startLink(browser, server, lesson);
    const plain = structuredClone(work);
    delete workspaceOf(plain).assertions;
    const asserted = structuredClone(plain);
    workspaceOf(asserted).assertions = ASSERTIONS[lesson];
    const variants = [
      { label: 'no assertions', page: await openVariant(browser, base, plain, { panel: false }), verdict: false },
      { label: '20 assertions, panel closed', page: await openVariant(browser, base, asserted, { panel: false }), verdict: true },
      { label: '20 assertions, panel open', page: await openVariant(browser, base, asserted, { panel: true }), verdict: true },
    ];
    const rows = await variants[1].page.page.$$eval('[data-view][data-assertion-fails]', (l) => l.length);
    for (const v of variants) v.results = { event: [], views: [], verdict: [], viewsDom: [], verdictDom: [] };
    for (let i = 0; i < WARMUP + CLICKS; i += 1) {
      for (const v of variants) {
        const r = await measure(v.page.page, v.verdict);
        if (i >= WARMUP) for (const k of Object.keys(v.results)) v.results[k].push(r[k]);
        await new Promise((ok) => setTimeout(ok, AFTER_MS));
      }
    }
    console.log(`\nlesson ${lesson} (load average ${loadavg()[0].toFixed(2)}; cells marked failing at the start with 20: ${rows}):`);
    for (const v of variants) {
      const r = v.results;
      console.log(`  ${v.label.padEnd(28)} event ${fmt(r.event, true)}   views in the page ${fmt(r.viewsDom)}, painted ${fmt(r.views)}${v.verdict ? `   verdict in the page ${fmt(r.verdictDom)}, painted ${fmt(r.verdict)}` : ''}`);
      if (v.page.errors.length) console.log(`    page errors: ${v.page.errors.join('; ')}`);
    }
    const over = (a, b) => (a === null || b === null ? 'n/a' : `${(a - b) >= 0 ? '+' : ''}${(a - b).toFixed(1)} ms`);
    const [none] = variants;
    for (const v of variants.slice(1)) {
      console.log(`  ${v.label}, over none (medians; budget: 2 ms): views in the page ${over(median(v.results.viewsDom), median(none.results.viewsDom))}, painted ${over(median(v.results.views), median(none.results.views))}; its verdict in the page ${over(median(v.results.verdictDom), median(none.results.viewsDom))}, painted ${over(median(v.results.verdict), median(none.results.views))}`);
    }
    for (const v of variants) await v.page.context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
