// Offline (issue 12): after one visit the playground opens and works with
// the network gone. The service worker (static/sw.js) keeps one build: the
// site's pages and exactly the files they name; a new build replaces them
// whole.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEED_VIEWS, cardRow, distDir, launchBrowser, openPage, pageErrors, startServer, waitForViews } from './harness.mjs';

/** Waits until a service worker controls the page, and returns what its cache holds (file names). */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });
  return page.evaluate(async () => {
    const names = await caches.keys();
    const out = {};
    for (const name of names) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
    }
    return out;
  });
}

test('after one visit, the playground opens and works offline, and the server gone', async () => {
  // A copy of dist/, served from a port of its own, so that it can be stopped.
  const root = await mkdtemp(join(tmpdir(), 'mixua-offline-'));
  await cp(distDir, root, { recursive: true });
  let server = await startServer({ root });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context, server, 'lang=en');
    const cached = await controlled(page);
    const files = Object.values(cached).flat();
    const built = (await readdir(root)).filter((f) => /\.(js|wasm|css|svg)$/.test(f) && f !== 'sw.js');
    for (const file of built) assert.ok(files.includes(`/${file}`), `${file} is cached: ${files}`);
    assert.ok(files.includes('/'), 'the index is cached');
    assert.ok(files.includes('/lesson3.html') && files.includes('/teach.html'), `every page of the site is cached: ${files}`);
    assert.ok(!files.includes('/sw.js'), 'the worker itself is not');

    // The network goes (and the server with it), then a reload.
    await context.setOffline(true);
    await server.close();
    await page.reload();
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 20_000 });
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    // An edit works: approving Y puts it in every cell.
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    const withY = Object.fromEntries(Object.entries(SEED_VIEWS).map(([v, ids]) => [v, [...ids, 'Y']]));
    assert.deepEqual(await waitForViews(page, withY), withY);
    // The language switch works offline: the page's other language's build
    // (issue 28, scripts/pages.sh) is kept with it, and the edit is kept.
    await page.getByRole('button', { name: '切換成繁體中文' }).click();
    await page.waitForURL(/[?&]lang=zh-TW\b/);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 20_000 });
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-TW');
    assert.deepEqual(await waitForViews(page, withY), withY);
    // A share link opened offline works too (a new tab, the index from the cache).
    const tab = await openPage(context, server, 'lang=en&lesson=2');
    assert.equal(await tab.locator('[data-panel="timeline"]').count(), 1);
    // So do the site's other pages, each with its own wasm: lesson 3 (from
    // a ?lesson=3 link) and the teacher's tools.
    const three = await openPage(context, server, 'lang=en&lesson=3');
    assert.match(three.url(), /\/lesson3\.html\?/);
    const teacher = await openPage(context, server, 'teach.html?lang=en');
    await teacher.locator('.teacher-menu summary').click();
    await teacher.locator('[data-action="build-exercise"]').waitFor();
    assert.deepEqual(pageErrors(page).filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED')), []);
    await context.close();
  } finally {
    await browser.close();
    await server.close().catch(() => {});
    await rm(root, { recursive: true, force: true });
  }
});

test('a new build replaces the cached one whole: no old file is kept, none of the new is missing', async () => {
  const root = await mkdtemp(join(tmpdir(), 'mixua-rebuild-'));
  await cp(distDir, root, { recursive: true });
  const server = await startServer({ root });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await openPage(context, server, 'lang=en');
    const first = Object.values(await controlled(page)).flat();
    const css = (await readdir(root)).find((f) => /^style-.*\.css$/.test(f));
    assert.ok(first.includes(`/${css}`));

    // "A new build": the stylesheet gets a new hashed name (and a visible
    // change), and the pages name it instead of the old one.
    const renamed = css.replace(/-[0-9a-f]+\.css$/, '-0123456789abcdef.css');
    const text = await readFile(join(root, css), 'utf8');
    await writeFile(join(root, renamed), `${text}\nbody { outline: 1px solid rgb(1, 2, 3); }\n`);
    await rm(join(root, css));
    // Every page of the site names it (scripts/pages.sh builds them together).
    for (const html of ['index.html', 'lesson3.html', 'teach.html']) {
      const text = await readFile(join(root, html), 'utf8');
      await writeFile(join(root, html), text.replace(/href="\.\/style-[^"]+"( integrity="[^"]*")?/, `href="./${renamed}"`));
    }

    // Online, the next load shows the new build at once ...
    await page.reload();
    await page.waitForSelector('#app [data-ready]', { state: 'attached' });
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).outlineColor), 'rgb(1, 2, 3)');
    // ... and the cache now holds it, without the old file.
    // The service worker swaps the builds once every new file is cached.
    await page.waitForFunction(
      async ([gone, kept]) => {
        const files = [];
        for (const name of await caches.keys()) {
          for (const r of await (await caches.open(name)).keys()) files.push(new URL(r.url).pathname);
        }
        return !files.includes(`/${gone}`) && files.includes(`/${kept}`);
      },
      [css, renamed],
      { timeout: 5_000, polling: 100 },
    ).catch((error) => {
      if (!/Timeout/i.test(error.message)) throw error;
    });
    const now = Object.values(await controlled(page)).flat();
    assert.ok(now.includes(`/${renamed}`), `the new file is cached: ${now}`);
    assert.ok(!now.includes(`/${css}`), `the old file is gone: ${now}`);
    // Offline, the new build opens whole.
    await context.setOffline(true);
    await server.close();
    await page.reload();
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 20_000 });
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).outlineColor), 'rgb(1, 2, 3)');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    await context.close();
  } finally {
    await browser.close();
    await server.close().catch(() => {});
    await rm(root, { recursive: true, force: true });
  }
});
