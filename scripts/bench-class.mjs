// Benchmark figures for the teacher's side (issue 12); prints, asserts nothing.
// Run after a build (trunk build --release --offline):
//   node scripts/bench-class.mjs
// - the class view of 40 result codes: from the paste to the frame that
//   shows the 40 rows (budget: 100 ms), median of RUNS (default 5);
// - the length of the share link of a two-exercise pack built on the seed
//   (one "must see" with two hints and a solution, one "no leak"; budget:
//   under 2,000 characters).

import { startServer, launchBrowser, openApp } from '../tests/e2e/harness.mjs';
import { buildPack, resultCode } from '../tests/e2e/pack-helpers.mjs';

const runs = Number(process.env.RUNS ?? 5);
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await openApp(browser, server, 'lang=en');
  const { link } = await buildPack(page, process.env.MIXUA_SHOTS ?? '/tmp');
  console.log(`pack link, two exercises on the seed: ${link.length} characters (budget < 2000)`);

  const codes = Array.from({ length: 40 }, (_, i) => resultCode({
    pack: 'class-7b', version: 1, name: `Student ${i + 1}`,
    exercises: [
      { solved: i % 3 ? 'solved' : 'not', hints: i % 3, solutionSeen: false, cells: [] },
      { solved: i % 4 ? 'with_solution' : 'not', hints: 0, solutionSeen: i % 4 !== 0, cells: [] },
    ],
  })).join('\n');
  await page.evaluate(() => { document.querySelector('.teacher-menu').open = true; }).then(() => page.click('[data-action=\"class-view\"]'));
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    await page.fill('textarea[name="result_codes"]', '');
    await page.waitForFunction(() => document.querySelectorAll('[data-result-row]').length === 0);
    const ms = await page.evaluate((text) => new Promise((resolve) => {
      const area = document.querySelector('textarea[name="result_codes"]');
      const start = performance.now();
      area.value = text;
      area.dispatchEvent(new InputEvent('input', { bubbles: true }));
      const wait = () => {
        if (document.querySelectorAll('[data-result-row]').length === 40) {
          requestAnimationFrame(() => resolve(performance.now() - start));
        } else requestAnimationFrame(wait);
      };
      wait();
    }), codes);
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.log(`class view, 40 result codes, paste to the frame with 40 rows: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms (runs: ${times.map((t) => t.toFixed(1)).join(', ')}; budget 100 ms)`);
} finally {
  await browser.close();
  await server.close();
}
