// What each audience's first load fetches, raw and gzip -9, measured by
// loading the built site (dist/) in Debian's headless Chromium and recording
// every request until the chart is interactive: the app marks that moment
// (`performance.mark('mixua-interactive')`, when its first screen replaces
// the prerendered one, src/start/mod.rs), and a request the page started after
// the mark (its Resource Timing entry) is not in the first load. What the
// start fetches after the mark and before it is ready (`#app [data-ready]`,
// the sign the browser journeys wait for: the part of the panels below the
// first screen) is printed beside it, as "until ready".
//
//   node scripts/size.mjs            prints the table
//   node scripts/size.mjs --check    prints it, then exits 1 when a lesson-1
//                                    or lesson-2 student's first load
//                                    (wasm + data, either language) passes
//                                    its budget in scripts/size-budget.json,
//                                    or index.html passes its own (a new
//                                    connection's first round trip)
//   node scripts/size.mjs --markdown prints the table as Markdown
//
// Kinds: wasm; data (JSON and anything else the app fetches at run time);
// js (the loader and wasm-bindgen's glue); page (the index with the
// prerendered first screen, its CSS and icon).
//
// Audiences: a lesson-1 and a lesson-2 student (`?lesson=2`) in each
// language (`?lang=zh-TW`, `?lang=en`: each its own build of index.html,
// scripts/pages.sh), a lesson-3 student (its own
// page, lesson3.html) and the teacher (teach.html, the page the students'
// Teacher menu opens, with each of its drawers opened). Each page is a build
// of its own (scripts/pages.sh). Service workers are blocked: the worker's background copy
// of the build for offline use is not what the page waits for. Each fetched
// file is read from dist/ (the server serves it as it is) and compressed
// with zlib at level 9, as `gzip -9` does, without the file name header.
//
// Sizes are deterministic for one build, so the check is a real test, not a
// timing. MIXUA_DIST points at another build.

import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { distDir, launchBrowser, startServer } from '../tests/e2e/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const budgetFile = resolve(here, 'size-budget.json');

/** The kind a fetched file counts as in the table. */
function kindOf(path) {
  switch (extname(path).toLowerCase()) {
    case '.wasm':
      return 'wasm';
    case '.js':
    case '.mjs':
      return 'js';
    case '.html':
    case '':
    case '.css':
    case '.svg':
    case '.ico':
    case '.png':
    case '.woff2':
      // The page itself: the prerendered first screen, its styles and icon.
      return 'page';
    default:
      // JSON, text and anything else the app asks for at run time.
      return 'data';
  }
}

const KINDS = ['wasm', 'data', 'js', 'page'];

/** `{ path, kind, raw, gz }` for each distinct file of dist/ in `paths`. */
async function weigh(paths) {
  const out = [];
  for (const path of [...new Set(paths)].sort()) {
    const file = path === '/' ? 'index.html' : decodeURIComponent(path.replace(/^\//, ''));
    let bytes;
    try {
      bytes = await readFile(join(distDir, file));
    } catch {
      // Not a file of the build (an address the server answered with the
      // index, as a static host does for a single-page app).
      bytes = await readFile(join(distDir, 'index.html'));
    }
    out.push({ path, kind: kindOf(file), raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length });
  }
  return out;
}

/**
 * Opens `query` in a fresh context (no storage, no service worker), records
 * every same-origin request until `#app [data-ready]`, then runs `more(page)`
 * and records what that fetches apart. Returns the paths requested before
 * the chart was interactive (`first`), those after it until ready
 * (`settling`), and those `more` fetched (`later`).
 */
async function load(browser, server, query, more) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const first = [];
  const later = [];
  let ready = false;
  context.on('request', (request) => {
    const url = new URL(request.url());
    // The loader's worker is a blob: script; only the server's files count.
    if (url.protocol !== 'http:' || url.origin !== new URL(server.url).origin || url.pathname === '/favicon.ico') return;
    (ready ? later : first).push(url.pathname);
  });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}${query}`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 30_000 });
    ready = true;
    // The page's own fetches started after the chart became interactive.
    // (The wasm itself is fetched by the loader's worker, which has no
    // entries here: it is needed before anything is interactive.)
    const afterMark = await page.evaluate(() => {
      const mark = performance.getEntriesByName('mixua-interactive', 'mark')[0];
      if (!mark) return null;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= mark.startTime)
        .map((e) => new URL(e.name).pathname);
    });
    if (afterMark === null) throw new Error(`${query}: the app never marked the chart interactive (performance.mark('mixua-interactive'))`);
    const settling = first.filter((path) => afterMark.includes(path));
    if (more) await more(page);
    return { first: first.filter((path) => !afterMark.includes(path)), settling, later };
  } finally {
    await context.close();
  }
}

/** Opens the Teacher menu and each of its drawers, waiting for each panel. */
async function openTeacherTools(page) {
  for (const [action, panel] of [
    ['build-exercise', 'builder'],
    ['share-pack', 'share-pack'],
    ['class-view', 'class-view'],
  ]) {
    const menu = page.locator('.teacher-menu');
    if (!(await menu.evaluate((d) => d.open))) await menu.locator('summary').click();
    await page.click(`[data-action="${action}"]`);
    await page.waitForSelector(`[data-panel="${panel}"]`);
    await page.click(`[data-panel="${panel}"] [data-action="close-drawer"]`);
    await page.waitForSelector(`[data-panel="${panel}"]`, { state: 'detached' });
  }
}

/** Sums of one list of weighed files, per kind and in all. */
function sums(files) {
  const by = Object.fromEntries(KINDS.map((k) => [k, { raw: 0, gz: 0 }]));
  for (const f of files) {
    by[f.kind].raw += f.raw;
    by[f.kind].gz += f.gz;
  }
  const total = files.reduce((t, f) => ({ raw: t.raw + f.raw, gz: t.gz + f.gz }), { raw: 0, gz: 0 });
  return { by, total, counted: { raw: by.wasm.raw + by.data.raw, gz: by.wasm.gz + by.data.gz } };
}

/** Is the page a query opens in this build? */
async function built(query) {
  const page = /^[a-z0-9]+\.html/.exec(query)?.[0] ?? 'index.html';
  try {
    await readFile(join(distDir, page));
    return true;
  } catch {
    return false;
  }
}

export async function measure() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const rows = [];
    for (const [name, query] of [
      ['lesson-1 student, 繁體中文 (?lang=zh-TW)', '?lang=zh-TW'],
      ['lesson-1 student, English (?lang=en)', '?lang=en'],
      ['lesson-2 student, 繁體中文 (?lesson=2&lang=zh-TW)', '?lesson=2&lang=zh-TW'],
      ['lesson-2 student, English (?lesson=2&lang=en)', '?lesson=2&lang=en'],
      ['lesson-3 student (lesson3.html?lang=en)', 'lesson3.html?lang=en'],
    ]) {
      // An index-only build (`MIXUA_PAGES=`, scripts/pages.sh) has no other
      // pages: their audiences are left out, not failed.
      if (!(await built(query))) continue;
      const { first, settling } = await load(browser, server, query);
      const files = await weigh(first);
      const untilReady = sums(await weigh([...first, ...settling]));
      rows.push({ name, query, files, ...sums(files), settling: await weigh(settling), untilReady: untilReady.counted });
    }
    // The teacher's tools are their own page: the students' Teacher menu
    // opens it. Its load, then what its drawers fetch on top.
    if (!(await built('teach.html'))) return rows;
    const { first, settling, later } = await load(browser, server, 'teach.html?lang=en', openTeacherTools);
    const teacher = await weigh([...first, ...settling, ...later]);
    const all = sums(teacher);
    rows.push({ name: "teacher's page (teach.html?lang=en, the Teacher menu's drawers opened)", query: 'teach.html?lang=en', files: teacher, ...all, settling: [], untilReady: all.counted });
    return rows;
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * The parts of each page (src/parts/mod.rs): the chunks its wasm fetches when a
 * part is first wanted, as the page lists them for the service worker
 * (`<script id="mixua-parts">`, scripts/pages.sh). Not in any first load
 * above unless that audience's start wants them (lesson 2's panels).
 */
export async function parts() {
  const out = [];
  for (const html of ['index.html', 'lesson3.html', 'teach.html']) {
    let text;
    try {
      text = await readFile(join(distDir, html), 'utf8');
    } catch {
      continue;
    }
    const listed = /<script type="application\/json" id="mixua-parts">(\[[^<]*\])<\/script>/.exec(text);
    const files = listed ? JSON.parse(listed[1]).map((f) => f.replace(/^\./, '')) : [];
    for (const f of await weigh(files.filter((f) => f.endsWith('.wasm')))) {
      out.push({ page: html, part: f.path.replace(/^\/mixua-parts-[0-9a-f]+-(split_)?/, '').replace(/\.wasm$/, ''), ...f });
    }
  }
  return out;
}

const kB = (n) => (n / 1000).toFixed(1);

function printText(rows) {
  const cell = (s) => `${kB(s.raw)} / ${kB(s.gz)}`.padStart(17);
  console.log(`First load, per audience: kB raw / gzip -9 (1 kB = 1000 B), from ${distDir}`);
  console.log(`${'audience'.padEnd(46)}${KINDS.map((k) => k.padStart(17)).join('')}${'wasm + data'.padStart(17)}${'all'.padStart(17)}${'w + d until ready'.padStart(19)}`);
  for (const row of rows) {
    console.log(`${row.name.slice(0, 45).padEnd(46)}${KINDS.map((k) => cell(row.by[k])).join('')}${cell(row.counted)}${cell(row.total)}${cell(row.untilReady).padStart(19)}`);
  }
  for (const row of rows) {
    console.log(`\n${row.name}: ${row.files.length} files`);
    for (const f of row.files) console.log(`  ${f.kind.padEnd(5)} ${String(f.raw).padStart(9)} B raw ${String(f.gz).padStart(9)} B gzip -9  ${f.path}`);
    for (const f of row.settling) console.log(`  after the chart is interactive, before ready: ${String(f.raw).padStart(9)} B raw ${String(f.gz).padStart(9)} B gzip -9  ${f.path}`);
  }
}

function printMarkdown(rows) {
  const cell = (s) => `${kB(s.raw)} / ${kB(s.gz)}`;
  console.log(`| audience | ${KINDS.join(' | ')} | wasm + data | all | wasm + data until ready |`);
  console.log(`|---|${KINDS.map(() => '---:').join('|')}|---:|---:|---:|`);
  for (const row of rows) console.log(`| ${row.name} | ${KINDS.map((k) => cell(row.by[k])).join(' | ')} | ${cell(row.counted)} | ${cell(row.total)} | ${cell(row.untilReady)} |`);
}

async function main() {
  const args = process.argv.slice(2);
  const rows = await measure();
  const split = await parts();
  if (args.includes('--markdown')) {
    printMarkdown(rows);
    console.log('\n| page | part (fetched when first wanted) | kB raw | kB gzip -9 |\n|---|---|---:|---:|');
    for (const p of split) console.log(`| ${p.page} | ${p.part} | ${kB(p.raw)} | ${kB(p.gz)} |`);
  } else {
    printText(rows);
    console.log('\nParts, each fetched when first wanted (src/parts/mod.rs):');
    for (const p of split) console.log(`  ${p.page.padEnd(13)} ${p.part.padEnd(20)} ${String(p.raw).padStart(9)} B raw ${String(p.gz).padStart(9)} B gzip -9`);
  }
  // The check counts wasm + data fetched before the chart is interactive,
  // as the budgets are defined (issue 28), for the larger of the two
  // languages: a lesson-1 student's and a lesson-2 student's.
  const budgets = JSON.parse(await readFile(budgetFile, 'utf8'));
  for (const [key, who] of [['lesson1_student', 'lesson-1 student'], ['lesson2_student', 'lesson-2 student']]) {
    const budget = budgets[key];
    const student = Math.max(...rows.filter((r) => r.name.startsWith(who)).map((r) => r.counted.gz));
    console.log(`\n${who}'s first load (wasm + data, gzip -9): ${student} B; budget ${budget.budget_bytes} B (enforced), target ${budget.target_bytes} B`);
    if (!args.includes('--check')) continue;
    if (student > budget.budget_bytes) {
      console.error(`size check FAILED: ${who}: ${student} B is over the budget of ${budget.budget_bytes} B (scripts/size-budget.json)`);
      process.exitCode = 1;
    } else {
      console.log(`size check ok: ${who}: ${budget.budget_bytes - student} B under the budget; ${student - budget.target_bytes > 0 ? `${student - budget.target_bytes} B over` : 'within'} the target`);
    }
  }
  // The page itself, which the first paint waits for whole: within a new
  // connection's first round trip (scripts/size-budget.json, `first_page`).
  const first = budgets.first_page;
  const page = Math.max(...rows.flatMap((r) => r.files.filter((f) => f.path === '/' || f.path.startsWith('/?')).map((f) => f.gz)));
  console.log(`\nindex.html (gzip -9): ${page} B; budget ${first.budget_bytes} B (a new connection's first round trip)`);
  if (args.includes('--check')) {
    if (page > first.budget_bytes) {
      console.error(`size check FAILED: index.html: ${page} B is over the budget of ${first.budget_bytes} B (scripts/size-budget.json, first_page)`);
      process.exitCode = 1;
    } else {
      console.log(`size check ok: index.html: ${first.budget_bytes - page} B under the budget`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 2;
  });
}
