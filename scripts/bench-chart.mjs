#!/usr/bin/env node
// Issue 52's chart and keystroke budgets, in headless Debian Chromium against
// the built dist/ (a release build), each printed as met or not met. Figures
// only: nothing here fails on a slow run (benchmarks are not tests).
//
//   1. 1,000 cards over 10 users × 10 agents (bench-lib's workspace):
//      - GLOBAL: a trusted click on C0's approval (an approved GLOBAL card:
//        every view changes), at 1× and 4×;
//      - one row: C1's scope PAIR → USER and back (judy's PAIR card: it
//        enters or leaves judy's row), a trusted key (↓ or ↑) on its row's
//        focused scope list, at 1× and 4×;
//      - a click that changes nothing (the chart's title).
//      Each two ways: frame-timed in the page, from the input event's own
//      time stamp (the pointer or the key going down) to the paint of the
//      frame in which the views have changed (a MutationObserver sees the
//      card enter or leave the cell, then a requestAnimationFrame and a
//      task after that frame); and by Event Timing (what INP is built on:
//      the input to the next paint, steps of 8 ms, nothing under 16 ms).
//      Budgets: GLOBAL → views painted ≤ 33 ms at 1×, ≤ 100 ms at 4×; one
//      row → painted ≤ 16 ms at 1×.
//   2. A keystroke in a card's lesson on the seed (G's row in the card
//      table), at 4×, against the same key in a bare text area put on the
//      same page, which the app renders nothing for: by Event Timing, and
//      frame-timed from the key's time stamp to the paint after its echo.
//      Budget: ≤ 8 ms over the bare field.
//
// Usage: node scripts/bench-chart.mjs            (build first: trunk build --release --offline)
//        EDITS=10 RATES=1 WHAT=chart node scripts/bench-chart.mjs   (WHAT: chart, key)
//        MIXUA_DIST=/path/to/dist node scripts/bench-chart.mjs
//        STYLE='…' WHAT=key node scripts/bench-chart.mjs   (a rule added to the page: what it would save)

import { availableParallelism, loadavg } from 'node:os';
import { distDir, launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { eventLine, line, ms, openBench, stats, trustedClick } from './bench-lib.mjs';

const EDITS = Number(process.env.EDITS ?? 20);
const WARMUP = 3;
const RATES = (process.env.RATES ?? '1,4').split(',').map(Number);
const WHAT = (process.env.WHAT ?? 'chart,key').split(',');
const load = () => loadavg()[0].toFixed(2);

/**
 * In the page: arms a timer for the next trusted input (`kind`: the first
 * `pointerdown` or `keydown`) that resolves, once `flip` has happened (the
 * card `flip.card` entered or left the cell `flip.cell`; none: at once),
 * with the time from the input's time stamp to the paint of that frame
 * (`paint`) and to the moment the DOM changed (`dom`). Returns a key to
 * wait on with `armedResult`.
 */
function arm(page, kind, flip) {
  return page.evaluate(
    ({ kind, flip }) => {
      const result = new Promise((resolve, reject) => {
        const cell = flip && document.querySelector(flip.cell);
        if (flip && !cell) return reject(new Error(`no ${flip.cell}`));
        const present = () => cell.isConnected && cell.querySelector(flip.card) !== null;
        const before = flip ? present() : null;
        let t0 = null;
        let done = false;
        const afterPaint = (dom) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ dom: dom - t0, paint: performance.now() - t0 });
            channel.port2.postMessage(0);
          });
        const check = () => {
          if (!done && t0 !== null && present() !== before) {
            done = true;
            observer.disconnect();
            afterPaint(performance.now());
          }
        };
        const observer = new MutationObserver(check);
        addEventListener(
          kind,
          (e) => {
            t0 = e.timeStamp;
            if (flip) {
              observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
              queueMicrotask(check);
            } else {
              afterPaint(t0);
            }
          },
          { capture: true, once: true },
        );
        setTimeout(() => { if (!done && flip) { observer.disconnect(); reject(new Error('the views did not change within 20 s')); } }, 20_000);
      });
      window.__armed = result;
    },
    { kind, flip },
  );
}
const armedResult = (page) => page.evaluate(() => window.__armed);

/** Two frames and a task: whatever the last input caused has been painted. */
const settle = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 0)))));

async function measureChart(browser, server, rate) {
  const { context, page } = await openBench(browser, server, { rate, cards: 1000, row: 'select[name="scope"]', events: true });
  try {
    const globalBox = page.locator('tr[data-card="C0"] input[name="share_approved"]');
    const scope = 'tr[data-card="C1"] select[name="scope"]';
    const title = page.locator('#chart-title');
    const runs = { global: [], globalDom: [], row: [], rowDom: [], noop: [], etGlobal: [], etRow: [], etNoop: [] };
    // GLOBAL: C0 enters or leaves every cell (judy/editor-v1's is watched).
    for (let i = 0; i < WARMUP + EDITS; i += 1) {
      await arm(page, 'pointerdown', { cell: '[data-view="judy/editor-v1"]', card: '[data-card-id="C0"]' });
      await globalBox.click();
      const g = await armedResult(page);
      await settle(page);
      const eg = await trustedClick(page, globalBox);
      await settle(page);
      if (i >= WARMUP) { runs.global.push(g.paint); runs.globalDom.push(g.dom); runs.etGlobal.push(eg); }
    }
    // Back to the workspace as imported (an even number of clicks each).
    // One row: C1 enters or leaves judy's other cells (judy/writer-v1's is
    // watched), by a key on its focused scope list (PAIR ↔ USER).
    await page.focus(scope);
    for (let i = 0; i < WARMUP + EDITS; i += 1) {
      const down = (await page.$eval(scope, (s) => s.value)) === 'PAIR';
      await arm(page, 'keydown', { cell: '[data-view="judy/writer-v1"]', card: '[data-card-id="C1"]' });
      await page.keyboard.press(down ? 'ArrowDown' : 'ArrowUp');
      const r = await armedResult(page);
      await settle(page);
      const before = await page.evaluate(() => window.__events.length);
      await page.keyboard.press(down ? 'ArrowUp' : 'ArrowDown');
      await settle(page);
      await settle(page);
      const er = await page.evaluate(
        (before) => {
          const entries = window.__events.slice(before).filter((e) => e.name === 'keydown' || e.name === 'keyup');
          return entries.length ? Math.max(...entries.map((e) => e.duration)) : null;
        },
        before,
      );
      if (i >= WARMUP) { runs.row.push(r.paint); runs.rowDom.push(r.dom); runs.etRow.push(er); }
    }
    for (let i = 0; i < WARMUP + EDITS; i += 1) {
      await arm(page, 'pointerdown', null);
      await title.click();
      const o = await armedResult(page);
      const eo = await trustedClick(page, title);
      if (i >= WARMUP) { runs.noop.push(o.paint); runs.etNoop.push(eo); }
    }
    return runs;
  } finally {
    await context.close();
  }
}

async function measureKey(browser, server, rate) {
  const { context, page } = await openBench(browser, server, { rate, events: true });
  try {
    // The control: a bare text area on the same page, fixed at its corner,
    // that the app renders nothing for (only its page-wide key listener
    // sees the key): what the browser's own echo costs.
    await page.evaluate(() => {
      const bare = document.createElement('textarea');
      bare.id = 'bench-bare';
      bare.setAttribute('aria-label', 'bench');
      bare.style.cssText = 'position: fixed; left: 0; bottom: 0; width: 20em; height: 3em; z-index: 9';
      document.body.append(bare);
    });
    const field = 'tr[data-card="G"] textarea[name="lesson"]';
    const runs = { key: [], bare: [], etKey: [], etBare: [] };
    const typed = async (selector) => {
      await page.focus(selector);
      await settle(page);
      const before = await page.evaluate(() => window.__events.length);
      await arm(page, 'keydown', null);
      await page.keyboard.press('x');
      const t = await armedResult(page);
      await settle(page);
      await settle(page);
      const et = await page.evaluate(
        (before) => {
          const entries = window.__events.slice(before).filter((e) => ['keydown', 'keyup', 'keypress', 'input', 'beforeinput'].includes(e.name));
          return entries.length ? Math.max(...entries.map((e) => e.duration)) : null;
        },
        before,
      );
      return { t: t.paint, et };
    };
    for (let i = 0; i < WARMUP + EDITS; i += 1) {
      const k = await typed(field);
      const b = await typed('#bench-bare');
      // Leave the field: the typed run is one edit, said on leaving.
      await page.locator('#chart-title').click();
      await settle(page);
      if (i >= WARMUP) { runs.key.push(k.t); runs.bare.push(b.t); runs.etKey.push(k.et); runs.etBare.push(b.et); }
    }
    return runs;
  } finally {
    await context.close();
  }
}

const verdict = (ok) => (ok ? 'MET' : 'NOT MET');
/** Event Timing's median, an input under the 16 ms floor counted as 16. */
const etMedian = (xs) => stats(xs.map((v) => v ?? 16)).median;

const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(`MixUA Playground, issue 52's chart and keystroke budgets: ${distDir}`);
  console.log(`machine: ${availableParallelism()} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${browser.version()} headless`);
  console.log(`${EDITS} of each after ${WARMUP} warm-up; frame-timed from the input's time stamp; medians with min–max`);
  const budgets = [];
  if (WHAT.includes('chart')) {
    for (const rate of RATES) {
      const r = await measureChart(browser, server, rate);
      console.log(`\n1,000 cards × 10 users × 10 agents, CPU ${rate === 1 ? 'unthrottled' : `slowed ${rate}×`} (load average now ${load()}):`);
      console.log(line('GLOBAL click → views in the DOM', stats(r.globalDom), '', 40));
      console.log(line('GLOBAL click → views painted', stats(r.global), rate === 1 ? 'budget ≤ 33 ms' : rate === 4 ? 'budget ≤ 100 ms' : '', 40));
      console.log(line('one-row edit (PAIR ↔ USER) → in the DOM', stats(r.rowDom), '', 40));
      console.log(line('one-row edit (PAIR ↔ USER) → painted', stats(r.row), rate === 1 ? 'budget ≤ 16 ms' : '', 40));
      console.log(line('click that changes nothing → painted', stats(r.noop), '', 40));
      console.log(eventLine('GLOBAL click, Event Timing', r.etGlobal));
      console.log(eventLine('one-row edit (a key on the list), Event Timing', r.etRow));
      console.log(eventLine('click that changes nothing, Event Timing', r.etNoop));
      const g = stats(r.global).median;
      if (rate === 1) budgets.push(`GLOBAL click → views painted at 1×: ${ms(g)} (≤ 33 ms) ${verdict(g <= 33)}`);
      if (rate === 4) budgets.push(`GLOBAL click → views painted at 4×: ${ms(g)} (≤ 100 ms) ${verdict(g <= 100)}`);
      const o = stats(r.row).median;
      if (rate === 1) budgets.push(`one-row edit → painted at 1×: ${ms(o)} (≤ 16 ms) ${verdict(o <= 16)}`);
    }
  }
  if (WHAT.includes('key')) {
    const rate = 4;
    const r = await measureKey(browser, server, rate);
    console.log(`\nthe seed, a keystroke in G's lesson (its row in the card table), CPU slowed ${rate}× (load average now ${load()}):`);
    console.log(line('key in the lesson → its echo painted', stats(r.key), '', 40));
    console.log(line('key in a bare text area → painted', stats(r.bare), '', 40));
    console.log(eventLine('key in the lesson, Event Timing', r.etKey));
    console.log(eventLine('key in a bare text area, Event Timing', r.etBare));
    const over = etMedian(r.etKey) - etMedian(r.etBare);
    const framed = stats(r.key).median - stats(r.bare).median;
    budgets.push(`keystroke at 4×, Event Timing, over the bare field: ${ms(over)} (≤ 8 ms) ${verdict(over <= 8)}; frame-timed ${ms(framed)} over`);
  }
  console.log(`\nbudgets (issue 52), load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}:`);
  for (const b of budgets) console.log(`  ${b}`);
} finally {
  await browser.close();
  await server.close();
}
