// What the browser benchmarks share: the made-up population, a deterministic
// generator, the min/median/max of a series and how a figure is printed, and
// the built files' sizes. Benchmarks print figures; none asserts a time.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { distDir } from '../tests/e2e/harness.mjs';

export const USERS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy'];
export const AGENTS = [
  'writer-v1', 'checker-v1', 'planner-v1', 'coder-v2', 'reviewer-v1',
  'translator-v1', 'summarizer-v3', 'tester-v1', 'search-v2', 'editor-v1',
];
export const SCOPES = ['PAIR', 'USER', 'AGENT', 'GLOBAL'];

/** A tiny deterministic generator, so every run measures the same workspace. */
export function lcg(seed) {
  let state = BigInt(seed) ^ 0x9e3779b97f4a7c15n;
  return (n) => {
    state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number((state >> 33n) % BigInt(n));
  };
}

/**
 * A workspace file of `n` cards over 10 users × 10 agents: mixed scopes,
 * streams and approvals, about a fifth matching the query, a canary per
 * user and in a few cards. C0 is an approved, reusable GLOBAL card
 * matching the query (toggling its approval changes every view); C1 a
 * protected PAIR card of judy/editor-v1 matching the query (toggling its
 * approval is an edit of one card whose reach is one cell: no view changes).
 */
export function benchWorkspace(n) {
  const rand = lcg(1);
  const cards = [];
  for (let i = 0; i < n; i += 1) {
    const scope = i === 0 ? 'GLOBAL' : i === 1 ? 'PAIR' : SCOPES[rand(4)];
    const shared = scope === 'AGENT' || scope === 'GLOBAL';
    const user = i === 1 ? 'judy' : USERS[rand(USERS.length)];
    const canary = rand(50) === 0 ? ` FAKE-${user.toUpperCase()}-${100 + rand(900)}` : '';
    cards.push({
      id: `C${i}`,
      scope,
      owner_user: user,
      owner_agent: i === 1 ? 'editor-v1' : AGENTS[rand(AGENTS.length)],
      stream: i === 0 || (shared && rand(10) > 0) ? 'reusable' : 'protected',
      share_approved: i === 0 || (shared && rand(4) > 0),
      situation: i <= 1 || rand(5) === 0 ? '報告' : '週報',
      lesson: `第 ${i} 張卡:輸出前先核對總數。${canary}`,
      source: 'bench-ui',
    });
  }
  const canaries = Object.fromEntries(USERS.map((u, k) => [u, [`FAKE-${u.toUpperCase()}-${100 + k}`]]));
  return { users: USERS, agents: AGENTS, query: '報告', canaries, cards };
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { min: sorted[0], median, max: sorted.at(-1) };
}

export const ms = (v) => `${v.toFixed(1)} ms`;

/** One figure's line: label, min, median, max and the budget it answers to. */
export const line = (label, s, budget, width = 34) =>
  `  ${label.padEnd(width)} min ${ms(s.min).padStart(9)}   median ${ms(s.median).padStart(9)}   max ${ms(s.max).padStart(9)}${budget ? `   (${budget})` : ''}`;

/** The built .wasm and .js files: bytes raw and gzipped (level 9). */
export async function builtSizes(dir = distDir) {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.wasm') || f.endsWith('.js'));
  const out = [];
  for (const file of files) {
    const bytes = await readFile(join(dir, file));
    out.push({ file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length });
  }
  return out;
}

/**
 * Chrome's own responsiveness measure, the Event Timing API (the basis of
 * INP): every input event that took at least 16 ms from the input to the
 * next paint (its `duration`, in steps of 8 ms), kept in the page. A click
 * under 16 ms reports no entry at all. Runs in the page:
 * `context.addInitScript(observeEvents)`.
 */
export function observeEvents() {
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__events.push({ name: e.name, duration: e.duration, id: e.interactionId, start: e.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * Opens the app (English, a fresh work) at 1280×800 and waits until it is
 * ready; with `cards`, imports bench-lib's workspace of that many cards and
 * waits for `row` (a selector in C1's row of the card table). `events`
 * observes Event Timing from the start; `STYLE=` adds a rule to the page (a
 * diagnosis: what that rule would save). The CPU is slowed `rate`×.
 */
export async function openBench(browser, server, { rate = 1, cards = 0, row = 'input[name="share_approved"]', events = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (events) await context.addInitScript(observeEvents);
  const page = await context.newPage();
  await page.goto(`${server.url}?lang=en&fresh`);
  await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 60_000 });
  if (cards) {
    await page.setInputFiles('input[name="import"]', {
      name: `bench-${cards}.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(benchWorkspace(cards))),
    });
    await page.waitForSelector(`[data-notice="info"]:has-text("bench-${cards}.json")`, { timeout: 300_000 });
    await page.waitForSelector(`tr[data-card="C1"] ${row}`, { state: 'attached', timeout: 120_000 });
  }
  if (process.env.STYLE) await page.addStyleTag({ content: process.env.STYLE });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page, cdp };
}

const CLICK = ['click', 'pointerup', 'pointerdown'];
const KEY = ['keydown', 'keyup', 'keypress', 'input', 'beforeinput'];

/**
 * Does `act` (a trusted input: Playwright's real events, which Event Timing
 * sees) and resolves with the longest Event Timing entry of those `names`
 * it caused, or `null` when it stayed under the 16 ms floor. Entries are
 * delivered after the paint that follows the input: this waits for one,
 * or for the page to have painted six more times without one.
 */
async function longestEntry(page, names, act) {
  const before = await page.evaluate(() => window.__events.length);
  await act();
  return page.evaluate(
    ({ before, names }) =>
      new Promise((resolve) => {
        let frames = 0;
        const tick = () => {
          const entries = window.__events.slice(before).filter((e) => names.includes(e.name));
          if (entries.length) return resolve(Math.max(...entries.map((e) => e.duration)));
          if ((frames += 1) > 6) return resolve(null);
          requestAnimationFrame(() => setTimeout(tick, 0));
        };
        requestAnimationFrame(() => setTimeout(tick, 0));
      }),
    { before, names },
  );
}

/** A trusted click on `locator` (a Playwright locator; `options`: Playwright's click options) by Event Timing. */
export const trustedClick = (page, locator, options) => longestEntry(page, CLICK, () => locator.click(options));

/**
 * A trusted keystroke (an x typed into the field `selector`, focused
 * first) by Event Timing: from the key to the paint of its echo.
 */
export async function trustedKey(page, selector, key = 'x') {
  await page.focus(selector);
  return longestEntry(page, KEY, () => page.keyboard.press(key));
}

/** Event Timing figures: median and range of the entries, and how many stayed under the floor. */
export function eventLine(label, values, budget) {
  const seen = values.filter((v) => v !== null);
  const under = values.length - seen.length;
  const floor = under ? `, ${under} of ${values.length} under 16 ms` : '';
  if (!seen.length) return `  ${label.padEnd(44)} all ${values.length} under the 16 ms floor${budget ? `   (${budget})` : ''}`;
  const s = stats(seen);
  return `  ${label.padEnd(44)} min ${ms(s.min).padStart(9)}   median ${ms(s.median).padStart(9)}   max ${ms(s.max).padStart(9)}${floor}${budget ? `   (${budget})` : ''}`;
}
