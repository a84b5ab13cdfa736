#!/usr/bin/env node
// Runs Lighthouse (npm `lighthouse`, pinned at 12.2.3) against the built
// dist/, served locally the way a static host serves it (gzip, hashed assets
// cached for a year, index.html revalidated), with Debian's Chromium, once
// as a phone (Lighthouse's mobile default: a simulated slow 4G network and a
// 4× slower CPU) and once as a desktop (`--preset=desktop`). Prints the four
// category scores and LCP, TBT, TTI and CLS for each, and the audits that
// did not pass in accessibility, best practices and SEO. It asserts nothing:
// figures are reported, never failed (benchmarks are not tests).
//
// Lighthouse is installed on demand into .lighthouse/ (git-ignored, kept out
// of package.json and package-lock.json, so CI never carries it):
//   npm install --prefix .lighthouse lighthouse@12.2.3
//
// Each form factor is run RUNS times (default 3): each run is printed with
// the load average before it, then the median and the spread (min–max) of
// every figure; the long tasks and CPU time of the median run (by TBT) and
// the LCP element are printed too. Figures depend on the machine's load: on
// a busy machine every task is slower, and Lighthouse multiplies it by 4.
//
// Usage: node scripts/bench-lighthouse.mjs          (build first: trunk build --release --offline)
//        RUNS=5 node scripts/bench-lighthouse.mjs   (each run printed, then the median and spread)
//        FORMS=mobile node scripts/bench-lighthouse.mjs   (only one form factor)
//        QUERY='lang=en' node scripts/bench-lighthouse.mjs
//        PAGE=lesson3.html node scripts/bench-lighthouse.mjs   (another page of the site; QUERY='lesson=2' is lesson 2)
//        GZIP=0 node scripts/bench-lighthouse.mjs   (a host that does not compress, as Python's
//                                                    http.server: every file sent as it is)
//        SAVE=/tmp node scripts/bench-lighthouse.mjs     (also keeps each JSON report there)
//        MIXUA_DIST=/path/to/dist CHROME_PATH=/usr/bin/chromium node scripts/bench-lighthouse.mjs

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const VERSION = '12.2.3';
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = resolve(process.env.MIXUA_DIST ?? join(repoRoot, 'dist'));
const prefix = join(repoRoot, '.lighthouse');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const FORMS = (process.env.FORMS ?? 'mobile,desktop').split(',').map((f) => f.trim()).filter((f) => f === 'mobile' || f === 'desktop');
const QUERY = process.env.QUERY ?? '';
const PAGE = (process.env.PAGE ?? '').replace(/^\//, '');
const GZIP = process.env.GZIP !== '0';

/** Installs the pinned Lighthouse into .lighthouse/ unless it is there. */
function lighthouseBin() {
  const pkg = join(prefix, 'node_modules', 'lighthouse', 'package.json');
  const installed = existsSync(pkg) ? JSON.parse(readFileSync(pkg, 'utf8')).version : null;
  if (installed !== VERSION) {
    console.log(`installing lighthouse@${VERSION} into ${prefix} …`);
    const npm = spawnSync('npm', ['install', '--prefix', prefix, `lighthouse@${VERSION}`, '--no-audit', '--no-fund', '--loglevel=error'], {
      stdio: 'inherit',
    });
    if (npm.status !== 0) throw new Error(`npm install lighthouse@${VERSION} failed (exit ${npm.status})`);
  }
  return join(prefix, 'node_modules', '.bin', 'lighthouse');
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/**
 * Serves dist/ as a static host would: gzip when asked for, content-hashed
 * files (`name-0123456789abcdef.ext`) cached for a year, the rest (the
 * index.html) revalidated on every load.
 */
async function serve(root) {
  const cache = new Map();
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    let path = normalize(join(root, decodeURIComponent(pathname)));
    if (path !== root && !path.startsWith(root + sep)) path = null;
    if (path && (pathname.endsWith('/') || extname(pathname) === '')) path = join(root, 'index.html');
    const info = path && (await stat(path).catch(() => null));
    if (!info?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found\n');
      return;
    }
    if (!cache.has(path)) {
      const bytes = await readFile(path);
      cache.set(path, { bytes, gz: gzipSync(bytes, { level: 9 }) });
    }
    const { bytes, gz } = cache.get(path);
    const gzip = GZIP && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && extname(path) !== '.svg';
    const hashed = /-[0-9a-f]{12,16}(_bg)?\.[a-z]+$/.test(path);
    res.writeHead(200, {
      'content-type': types[extname(path)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : gzip ? gz : bytes);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((ok) => server.close(ok)) };
}

/** One Lighthouse run; resolves to its JSON report (the `lhr`). */
async function lighthouse(bin, url, formFactor) {
  const dir = await mkdtemp(join(tmpdir(), 'mixua-lh-'));
  try {
    const out = join(dir, 'report.json');
    const args = [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    ];
    // Not spawnSync: this process serves the pages Lighthouse loads.
    const child = spawn(bin, args, { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'inherit'] });
    const status = await new Promise((ok) => child.on('close', ok));
    if (status !== 0) throw new Error(`lighthouse (${formFactor}) exited with ${status}`);
    const text = await readFile(out, 'utf8');
    if (process.env.SAVE) await writeFile(join(process.env.SAVE, `lighthouse-${formFactor}-${Date.now()}.json`), text);
    return JSON.parse(text);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['LCP', 'largest-contentful-paint', (v) => `${(v / 1000).toFixed(2)} s`],
  ['TBT', 'total-blocking-time', (v) => `${Math.round(v)} ms`],
  ['TTI', 'interactive', (v) => `${(v / 1000).toFixed(2)} s`],
  ['CLS', 'cumulative-layout-shift', (v) => v.toFixed(3)],
  ['FCP', 'first-contentful-paint', (v) => `${(v / 1000).toFixed(2)} s`],
];

/** The origin-relative part of a URL Lighthouse names (or its own label). */
const short = (url) => String(url).replace(/^https?:\/\/[^/]+/, '') || '/';

function summary(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? NaN]));
  // Audits that count in a category other than performance and did not
  // pass, with the first elements they name (why a score is below 100).
  const failing = [];
  for (const c of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      const scored = audit && audit.score !== null && !['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode);
      if (!scored || audit.score >= 1) continue;
      const nodes = (audit.details?.items ?? []).map((i) => i.node?.snippet).filter(Boolean);
      const where = nodes.length ? `: ${nodes.slice(0, 3).map((n) => n.slice(0, 70)).join(' · ')}${nodes.length > 3 ? ` (+${nodes.length - 3})` : ''}` : '';
      failing.push(`${c}: ${ref.id} (${audit.title})${ref.weight > 0 ? '' : ', not weighted'}${where}`);
    }
  }
  const lcpAudit = lhr.audits['largest-contentful-paint-element'];
  const lcpElement = lcpAudit?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? (lcpAudit?.errorMessage ? `(Lighthouse could not name it: ${lcpAudit.errorMessage.slice(0, 90)})` : null);
  // What kept the main thread busy: the long tasks (as simulated, each
  // with the script it is attributed to), the CPU time per script and per
  // kind of work.
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({ url: short(t.url), start: t.startTime, duration: t.duration }));
  const bootup = (lhr.audits['bootup-time']?.details?.items ?? []).map((i) => ({ url: short(i.url), total: i.total, scripting: i.scripting }));
  const work = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => ({ group: i.groupLabel, duration: i.duration }));
  return { scores, metrics, failing, lcpElement, longTasks, bootup, work, benchmarkIndex: lhr.environment?.benchmarkIndex };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function print(label, s, note = '') {
  const scores = CATEGORIES.map((c) => `${c} ${String(s.scores[c]).padStart(3)}`).join('   ');
  const metrics = METRICS.map(([name, , fmt]) => `${name} ${fmt(s.metrics[name])}`).join('   ');
  console.log(`  ${label.padEnd(16)} ${scores}${note}`);
  console.log(`  ${''.padEnd(16)} ${metrics}`);
}

/** The median of every score and metric over the runs, and each one's spread (min–max). */
function printMedian(runs) {
  print(`median of ${runs.length}`, {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
    metrics: Object.fromEntries(METRICS.map(([name]) => [name, median(runs.map((r) => r.metrics[name]))])),
  });
  const range = (values, fmt) => `${fmt(Math.min(...values))}–${fmt(Math.max(...values))}`;
  const scores = CATEGORIES.map((c) => `${c} ${range(runs.map((r) => r.scores[c]), String)}`).join('   ');
  const metrics = METRICS.map(([name, , fmt]) => `${name} ${range(runs.map((r) => r.metrics[name]), fmt)}`).join('   ');
  console.log(`  ${'spread'.padEnd(16)} ${scores}`);
  console.log(`  ${''.padEnd(16)} ${metrics}`);
}

/** The run whose TBT is the median one: its long tasks and CPU time are printed. */
function medianRun(runs) {
  const tbt = median(runs.map((r) => r.metrics.TBT));
  return runs.find((r) => r.metrics.TBT === tbt);
}

function printWork(s) {
  const ms = (v) => `${Math.round(v)} ms`;
  const tasks = s.longTasks.slice(0, 6).map((t) => `${ms(t.duration)} at ${ms(t.start)} (${t.url})`);
  console.log(`  ${'long tasks'.padEnd(16)} ${tasks.length ? tasks.join(', ') : 'none'}${s.longTasks.length > 6 ? `, +${s.longTasks.length - 6} more` : ''}`);
  console.log(`  ${'CPU per script'.padEnd(16)} ${s.bootup.map((b) => `${b.url} ${ms(b.total)} (script ${ms(b.scripting)})`).join(', ')}`);
  console.log(`  ${'CPU per kind'.padEnd(16)} ${s.work.map((w) => `${w.group} ${ms(w.duration)}`).join(', ')}`);
}

/**
 * Lighthouse 12.2.3 cannot name the LCP element with this Chromium (its
 * trace-elements gatherer fails), so the page is also loaded once in
 * Playwright as a phone (Lighthouse's mobile viewport, the CPU 4× slower,
 * no network throttling) and the browser's own largest-contentful-paint
 * entries say which element it was, when, and whether it was the
 * prerendered first screen or the app's.
 */
async function observedLcp(url) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__lcp = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const el = e.element;
          window.__lcp.push({
            at: Math.round(e.startTime),
            what: el ? `<${el.tagName.toLowerCase()}${el.className ? ` class="${el.className}"` : ''}> ${(el.textContent ?? '').trim().slice(0, 40)}` : '(removed)',
            prerendered: Boolean(el?.closest('.prerender')),
          });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url);
    // The app's last start step, then two frames: every paint of the start
    // has been made and its entry reported (no fixed wait).
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 60_000 });
    return await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done(window.__lcp))))),
    );
  } finally {
    await browser.close();
  }
}

const index = join(distDir, 'index.html');
if (!existsSync(index)) {
  console.error(`no ${index}: build the playground first (trunk build --release --offline)`);
  process.exit(1);
}
const bin = lighthouseBin();
const server = await serve(distDir);
try {
  const url = `${server.url}${PAGE}${QUERY ? `?${QUERY.replace(/^\?/, '')}` : ''}`;
  const chromium = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`Lighthouse ${VERSION} against ${distDir} (${url}), ${chromium}`);
  console.log(`host: ${GZIP ? 'gzip when asked for' : 'no compression (GZIP=0)'}`);
  console.log(`machine: ${availableParallelism()} CPUs, load average ${load()} (figures depend on it: other work on the machine slows every task)`);
  console.log('budgets: mobile performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS 0; desktop 100 on all four; accessibility 100 on both');
  for (const formFactor of FORMS) {
    const runs = [];
    console.log(`\n${formFactor}${formFactor === 'mobile' ? ' (simulated slow 4G, CPU 4× slower)' : ' (--preset=desktop)'}:`);
    for (let i = 0; i < RUNS; i += 1) {
      const before = load();
      const s = summary(await lighthouse(bin, url, formFactor));
      runs.push(s);
      print(RUNS > 1 ? `run ${i + 1}` : formFactor, s, `   (load ${before}, benchmark index ${Math.round(s.benchmarkIndex)})`);
    }
    if (RUNS > 1) printMedian(runs);
    const typical = medianRun(runs);
    if (typical.lcpElement) console.log(`  ${'LCP element'.padEnd(16)} ${typical.lcpElement.slice(0, 110)}`);
    printWork(typical);
    for (const f of new Set(runs.flatMap((r) => r.failing))) console.log(`  not passed: ${f}`);
  }
  if (FORMS.includes('mobile')) {
    const entries = await observedLcp(url);
    const last = entries[entries.length - 1];
    console.log(`\nLCP in the browser (412 px, CPU 4×, unthrottled network): ${entries.length ? entries.map((e) => `${e.at} ms ${e.what}${e.prerendered ? ' [prerendered]' : ' [app]'}`).join(' → ') : 'none'}`);
    if (last && !last.prerendered) console.log('  the largest paint is the app\'s, not the prerendered screen: Lighthouse then counts the wasm download and start in LCP');
  }
} finally {
  await server.close();
}
