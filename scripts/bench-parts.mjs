#!/usr/bin/env node
// How long after the chart is interactive the panels below the first screen
// are there (issue 28, src/parts/mod.rs): loads the built dist/ (served locally,
// no network throttling, no service worker, a fresh context each time) in
// Debian's Chromium, at 1× and 4× CPU (CDP's Emulation.setCPUThrottlingRate),
// and prints the medians, from the navigation, of the moment the app marks
// its chart interactive (`performance.mark("mixua-interactive")`), then,
// from that mark, when the parts fetched after it (every `split_` file
// started after it) were in (their Resource Timing responseEnd) and when
// the start was ready (`#app [data-ready]`, seen by a MutationObserver).
// It asserts nothing: figures are reported, never failed.
//
// Usage: node scripts/bench-parts.mjs                 (build first: trunk build --release --offline)
//        RUNS=9 QUERIES='?lang=en' node scripts/bench-parts.mjs
//        MIXUA_DIST=/path/to/dist node scripts/bench-parts.mjs

import { loadavg } from 'node:os';
import { launchBrowser, startServer } from '../tests/e2e/harness.mjs';

const RUNS = Math.max(1, Number(process.env.RUNS ?? 5));
const QUERIES = (process.env.QUERIES ?? '?lang=en,?lesson=2&lang=en').split(',');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(`parts after the first screen: ${RUNS} cold loads each, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const query of QUERIES) {
    for (const rate of [1, 4]) {
      const rows = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate });
          await page.addInitScript(() => {
            new MutationObserver((_, observer) => {
              if (document.querySelector('#app [data-ready]')) {
                window.__mixuaReady = performance.now();
                observer.disconnect();
              }
            }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
          });
          await page.goto(`${server.url}${query}`);
          await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 60_000 });
          rows.push(
            await page.evaluate(() => {
              const mark = performance.getEntriesByName('mixua-interactive', 'mark')[0].startTime;
              const parts = performance.getEntriesByType('resource').filter((e) => e.startTime >= mark && /split_.+\.wasm$/.test(e.name));
              return { mark, parts: Math.max(...parts.map((e) => e.responseEnd)), ready: window.__mixuaReady };
            }),
          );
        } finally {
          await context.close();
        }
      }
      const interactive = median(rows.map((r) => r.mark));
      const parts = median(rows.map((r) => r.parts - r.mark));
      const ready = median(rows.map((r) => r.ready - r.mark));
      console.log(`  ${query.padEnd(20)} ${rate}× CPU: interactive at ${interactive.toFixed(0)} ms; parts in +${parts.toFixed(0)} ms; ready +${ready.toFixed(0)} ms`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
