#!/usr/bin/env node
// How long the Teacher menu takes to open its tools (issue 28: "≤ 1 s on the
// 2-core machine from localhost"). The teacher's tools are a page of their
// own, teach.html (scripts/pages.sh); the students' Teacher menu is a link
// to it. Each run opens the students' page (?lang=en) in a fresh context
// (empty cache, no service worker: the worst case, the first time), waits
// until it is ready, clicks the Teacher menu, and times the click to
// teach.html's ready app (`#app [data-ready]`) and to its open Teacher menu.
// It asserts nothing: figures are reported, never failed.
//
// Usage: node scripts/bench-teacher.mjs     (build first: trunk build --release --offline)
//        RUNS=9 RATE=4 node scripts/bench-teacher.mjs   (CDP CPU throttling, default 1)

import { loadavg } from 'node:os';
import { launchBrowser, startServer } from '../tests/e2e/harness.mjs';
import { stats } from './bench-lib.mjs';

const RUNS = Math.max(1, Number(process.env.RUNS ?? 5));
const RATE = Number(process.env.RATE ?? 1);

const median = (xs) => stats(xs).median;

const server = await startServer();
const browser = await launchBrowser();
try {
  const ready = [];
  const tools = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      if (RATE !== 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
      }
      await page.goto(`${server.url}?lang=en`);
      await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 30_000 });
      const clicked = Date.now();
      await page.click('a.teacher-menu');
      await page.waitForURL(/teach\.html/);
      await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 30_000 });
      ready.push(Date.now() - clicked);
      await page.click('.teacher-menu summary');
      await page.waitForSelector('[data-action="build-exercise"]');
      tools.push(Date.now() - clicked);
    } finally {
      await context.close();
    }
  }
  console.log(`Teacher menu → teach.html, ${RUNS} runs, CPU ×${RATE}, load average ${loadavg()[0].toFixed(2)}, cold cache`);
  console.log(`  click → teach.html ready:           median ${median(ready)} ms  (${ready.join(', ')})`);
  console.log(`  click → its Teacher menu's tools:    median ${median(tools)} ms  (${tools.join(', ')})`);
} finally {
  await browser.close();
  await server.close();
}
