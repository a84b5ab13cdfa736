// A link pasted into an already open tab (only the fragment changes) opens
// as it does on load: the tab's work is saved and set aside, one Undo away
// even after a reload. A link that unpacks to too much (a zlib bomb) is
// refused as too large, and the work is left as it was.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { SEED_VIEWS_WITHOUT_G, allViews, cardRow, clickWork, openApp, openPage, pageErrors, useBrowser, waitForNotice, waitForViews } from './harness.mjs';

const env = useBrowser();

/** A share link made in a throwaway context: { hash, views }. */
async function makeLink() {
  const page = await openApp(env.browser, env.server, 'lang=en');
  try {
    await cardRow(page, 'X').locator('select[name="stream"]').selectOption('reusable');
    await page.getByRole('button', { name: 'Delete (B)', exact: true }).click();
    await page.waitForSelector('[data-card-id="B"]', { state: 'detached' });
    const views = await allViews(page);
    await clickWork(page, '[data-action="share"]');
    const link = await page.inputValue('input[name="share_link"]');
    return { hash: new URL(link).hash, views };
  } finally {
    await page.context().close();
  }
}

test('a share link pasted into an open tab opens as on load, and the work it replaced is one Undo away after a reload', async () => {
  const { hash, views } = await makeLink();
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);

    await page.evaluate((h) => { window.location.hash = h; }, hash);
    await waitForNotice(page, 'info', 'Opened the share link. Your own work is kept');
    assert.deepEqual(await waitForViews(page, views), views);
    // The link leaves the address bar once opened.
    await page.waitForFunction(() => window.location.hash === '');
    // Its work is saved in a slot of its own, the work it replaced set aside.
    await page.waitForFunction(() => {
      const id = JSON.parse(sessionStorage.getItem('mixua-playground/v2/tab-work') ?? 'null');
      const slot = id && localStorage.getItem(`mixua-playground/v2/work/${id}`);
      return Boolean(slot) && !slot.includes('"id":"B"') && localStorage.getItem('mixua-playground/v1/before-link') !== null;
    });

    await page.reload();
    await page.waitForSelector('#app [data-ready]', { state: 'attached' });
    assert.deepEqual(await allViews(page), views);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('a zlib-bomb link is refused as too large, not as cut off, in an open tab and on load', async () => {
  const json = `{"query":"${' '.repeat(50 * 1024 * 1024)}"}`;
  const bomb = `#v1.${deflateSync(Buffer.from(json), { level: 9 }).toString('base64url')}`;
  assert.ok(bomb.length < 100_000, `a bomb is short: ${bomb.length}`);
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
    await page.evaluate((h) => { window.location.hash = h; }, bomb);
    const notice = await waitForNotice(page, 'error', 'too large');
    assert.doesNotMatch(notice, /cut off/);
    assert.deepEqual(await allViews(page), SEED_VIEWS_WITHOUT_G, 'the work is left as it was');

    const fresh = await openPage(context, env.server, 'lang=en', bomb);
    await waitForNotice(fresh, 'error', 'too large');
    assert.deepEqual(pageErrors(page), []);
    assert.deepEqual(pageErrors(fresh), []);
  } finally {
    await context.close();
  }
});
