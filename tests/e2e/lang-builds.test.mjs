// A student's page in one language (issue 28): index.html is built once
// per language (scripts/pages.sh, `pick!` in crates/mixua-words), and the
// page fetches the build of its language alone. The other language's
// words come only when the learner switches: the work is saved, and the
// page opens again in the other language's build, with nothing lost.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cardRow, distDir, openPage, pageErrors, useBrowser } from './harness.mjs';

const env = useBrowser();

/** The two builds index.html names: the page's own (繁體中文) and #mixua-build-en. */
async function builds() {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const zh = /wasm: "\.\/(mixua-playground-[0-9a-f]+_bg\.wasm)"/.exec(html);
  const en = /<script type="application\/json" id="mixua-build-en">([^<]*)<\/script>/.exec(html);
  assert.ok(zh && en, 'index.html names a 繁體中文 build and an English one');
  return { zh: zh[1], en: JSON.parse(en[1]).wasm.replace(/^\.\//, '') };
}

/** The main wasm files a page fetches (not the parts, not the service worker's). */
function watchWasm(context) {
  const fetched = [];
  context.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.endsWith('.wasm') && !pathname.startsWith('/mixua-parts-') && !r.serviceWorker()) fetched.push(pathname.slice(1));
  });
  return fetched;
}

test("each language's build holds its own words and not the other's", async () => {
  const { zh, en } = await builds();
  assert.notEqual(zh, en);
  const has = (bytes, text) => bytes.includes(Buffer.from(text, 'utf8'));
  const zhBytes = await readFile(join(distDir, zh));
  const enBytes = await readFile(join(distDir, en));
  // The toolbar's Undo, and a rejection's reason (crates/mixua-words).
  for (const [zhText, enText] of [
    ['復原 (Ctrl+Z)', 'Undo (Ctrl+Z)'],
    ['不知道該採用哪一個', 'which value counts is ambiguous'],
  ]) {
    assert.ok(has(zhBytes, zhText), `the 繁體中文 build says “${zhText}”`);
    assert.ok(!has(zhBytes, enText), `the 繁體中文 build has no “${enText}”`);
    assert.ok(has(enBytes, enText), `the English build says “${enText}”`);
    assert.ok(!has(enBytes, zhText), `the English build has no “${zhText}”`);
  }
});

test('a page fetches the build of its language alone: ?lang=, else the last one chosen, else the browser’s', async () => {
  const { zh, en } = await builds();
  for (const [locale, query, want, lang] of [
    ['zh-TW', '', zh, 'zh-TW'],
    ['en-US', '', en, 'en'],
    ['en-US', 'lang=zh-TW', zh, 'zh-TW'],
    ['zh-TW', 'lang=en', en, 'en'],
  ]) {
    const context = await env.browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    try {
      const fetched = watchWasm(context);
      const page = await openPage(context, env.server, query);
      assert.equal(await page.getAttribute('html', 'lang'), lang, `${locale} ?${query}`);
      assert.deepEqual(fetched, [want], `${locale} ?${query}: one build fetched, its language's`);
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await context.close();
    }
  }
});

test('switching the language saves the work and opens the other build; the next visit stays in it', async () => {
  const { zh, en } = await builds();
  const context = await env.browser.newContext({ locale: 'zh-TW', viewport: { width: 1280, height: 800 } });
  try {
    const fetched = watchWasm(context);
    const page = await openPage(context, env.server, '');
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-TW');
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await cardRow(page, 'A').locator('textarea[name="lesson"]').fill('改過的 A: kept across the switch');
    // No wait for the autosave: the switch saves first.
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await page.waitForURL(/[?&]lang=en\b/);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.getByRole('button', { name: '切換成繁體中文' }).waitFor();
    assert.equal(await cardRow(page, 'Y').locator('input[name="share_approved"]').isChecked(), true, 'the tick is kept');
    assert.equal(await cardRow(page, 'A').locator('textarea[name="lesson"]').inputValue(), '改過的 A: kept across the switch');
    assert.deepEqual(fetched, [zh, en], 'the English build is fetched only at the switch');

    // A new visit without ?lang opens in the language chosen last.
    const again = await openPage(context, env.server, '');
    assert.equal(await again.getAttribute('html', 'lang'), 'en');
    assert.equal(fetched.at(-1), en);
    assert.equal(await cardRow(again, 'A').locator('textarea[name="lesson"]').inputValue(), '改過的 A: kept across the switch');
    await again.close();

    // And back.
    await page.getByRole('button', { name: '切換成繁體中文' }).click();
    await page.waitForURL(/[?&]lang=zh-TW\b/);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-TW');
    await page.getByRole('button', { name: 'Switch to English' }).waitFor();
    assert.equal(await cardRow(page, 'Y').locator('input[name="share_approved"]').isChecked(), true);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('a work that is not kept here (?fresh) goes with the address when the language is switched', async () => {
  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  try {
    const page = await openPage(context, env.server, 'fresh');
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await page.getByRole('button', { name: '切換成繁體中文' }).click();
    await page.waitForURL(/[?&]lang=zh-TW\b.*#v1\./);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-TW');
    assert.equal(await cardRow(page, 'Y').locator('input[name="share_approved"]').isChecked(), true, 'the edit came with the address');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('storage refused: the switch still loses nothing (the work goes with the address)', async () => {
  const context = await env.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  try {
    const page = await openPage(context, env.server, '');
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    // Storage fills up after the start: every write is refused from now on.
    await page.evaluate(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('full', 'QuotaExceededError');
      };
    });
    await page.getByRole('button', { name: '切換成繁體中文' }).click();
    await page.waitForURL(/[?&]lang=zh-TW\b.*#v1\./);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.equal(await cardRow(page, 'Y').locator('input[name="share_approved"]').isChecked(), true);
  } finally {
    await context.close();
  }
});

test("lesson 2's start is in the seed's language, whichever build shows it (?seed= apart from ?lang=)", async () => {
  for (const [query, pageLang, lesson] of [
    ['lang=en&seed=zh-TW&lesson=2', 'en', '報告不得寫入真實姓名或帳號。'],
    ['lang=zh-TW&seed=en&lesson=2', 'zh-TW', 'Reports never name real people or accounts.'],
  ]) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await openPage(context, env.server, query);
      assert.equal(await page.evaluate(() => document.documentElement.lang), pageLang, `${query}: the page's language`);
      assert.equal(await cardRow(page, 'S').locator('textarea[name="lesson"]').inputValue(), lesson, `${query}: the work's language`);
      assert.deepEqual(pageErrors(page), []);
    } finally {
      await context.close();
    }
  }
});
