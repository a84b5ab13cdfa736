// How long `bash scripts/serve.sh [PAGE]` takes (issue 52): from its start
// to the page's first HTTP 200 (the last release build, while the page's
// development build compiles), to Trunk serving that build, then, with the page open in headless
// Chromium and the app ready, from a saved source file (FILE written
// again with the same bytes, as an editor's save) to the page reloaded by Trunk with the app
// ready again ([data-ready]). Run it after a test build (scripts/test.sh)
// and with nothing else on port 8080; it stops the server at the end.
//
//   node scripts/bench-serve.mjs        PAGE=index (default), FILE=src/components/announcer.rs, SAVES=2
//
// Prints each figure in seconds with the load average beside it.

import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';

const PAGE = process.env.PAGE ?? 'index';
const FILE = process.env.FILE ?? 'src/components/announcer.rs';
const SAVES = Number(process.env.SAVES ?? 2);
const url = `http://127.0.0.1:8080/${PAGE === 'lesson3' || PAGE === 'teach' ? `${PAGE}.html` : ''}`;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const seconds = (ms) => (ms / 1000).toFixed(1);

const log = createWriteStream('/tmp/bench-serve.log');
const started = Date.now();
const serve = spawn('bash', ['scripts/serve.sh', PAGE], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
let said = '';
serve.stdout.on('data', (d) => {
  said += d;
});
serve.stdout.pipe(log);
serve.stderr.pipe(log);
const stop = () => {
  try {
    process.kill(-serve.pid, 'SIGTERM');
  } catch (_) {}
};
process.on('exit', stop);

async function status() {
  try {
    return (await fetch(url)).status;
  } catch (_) {
    return 0;
  }
}

try {
  while ((await status()) !== 200) {
    if (Date.now() - started > 900_000) throw new Error('no HTTP 200 in 15 min (see /tmp/bench-serve.log)');
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`serve.sh ${PAGE} → first HTTP 200: ${seconds(Date.now() - started)} s (load ${load()})`);

  // After a test build, dist/ is served first while the development build
  // compiles; Trunk serves (and reloads) once it is done.
  const firstBuild = Date.now();
  while (!said.includes('==> Building') || (await status()) !== 200) {
    if (Date.now() - started > 1_800_000) throw new Error('Trunk did not take over in 30 min (see /tmp/bench-serve.log)');
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`the development build served by Trunk: ${seconds(Date.now() - started)} s from the start, ${seconds(Date.now() - firstBuild)} s after the first HTTP 200 (load ${load()})`);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-ready]', { timeout: 120_000 });
  for (let n = 0; n < SAVES; n++) {
    const loaded = page.waitForEvent('load', { timeout: 600_000 });
    const saved = Date.now();
    writeFileSync(FILE, readFileSync(FILE));
    await loaded;
    await page.waitForSelector('[data-ready]', { timeout: 120_000 });
    console.log(`save ${FILE} → page reloaded, app ready: ${seconds(Date.now() - saved)} s (load ${load()})`);
    await new Promise((r) => setTimeout(r, 3000));
  }
  await browser.close();
} finally {
  stop();
}
process.exit(0);
