// Share links: the whole state in the URL fragment. Opened in a fresh
// browser profile it shows exactly that state; opened over someone's saved
// work it shows the link and keeps their work one Undo away.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, allViews, cardRow, openApp, openPage, pageErrors, useBrowser, waitForNotice, waitForViews, SEED_VIEWS_WITHOUT_G, clickWork } from './harness.mjs';

const env = useBrowser();

/** Makes the link's state in a throwaway context and returns { link, views }. */
async function makeLink() {
  const page = await openApp(env.browser, env.server, 'lang=en');
  try {
    await cardRow(page, 'X').locator('select[name="stream"]').selectOption('reusable');
    await page.getByRole('button', { name: 'Delete (B)', exact: true }).click();
    await page.fill('input[name="new_agent"]', 'writer-v2');
    await page.press('input[name="new_agent"]', 'Enter');
    await page.waitForSelector('[data-view="bob/writer-v2"]');
    const views = await allViews(page);
    assert.deepEqual(views['bob/writer-v2'], ['G', 'X']);
    await clickWork(page, '[data-action="share"]');
    const link = await page.inputValue('input[name="share_link"]');
    await waitForNotice(page, 'info', 'Share link copied');
    assert.deepEqual(pageErrors(page), []);
    return { link, views };
  } finally {
    await page.context().close();
  }
}

test('a share link opened in a new context shows the same views', async () => {
  const { link, views } = await makeLink();
  const url = new URL(link);
  assert.match(url.hash, /^#v1\.[A-Za-z0-9_-]+$/);
  assert.equal(url.origin, new URL(env.server.url).origin);

  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, '', url.hash);
    assert.deepEqual(await allViews(page), views);
    assert.equal(await page.locator('[data-view="bob/writer-v1"] [data-leak="FAKE-ALICE-731"]').count(), 1);
    // The link leaves the address bar, so a reload restores the autosaved state.
    assert.equal(new URL(page.url()).hash, '');
    await page.reload();
    await page.waitForSelector('[data-view]');
    assert.deepEqual(await allViews(page), views);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('a share link over saved work shows the link, and Undo brings the saved work back', async () => {
  const { link, views } = await makeLink();
  const context = await env.browser.newContext();
  try {
    // This learner has work of their own, autosaved.
    const own = await openPage(context, env.server, 'lang=en');
    await own.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    const ownViews = SEED_VIEWS_WITHOUT_G;
    assert.deepEqual(await waitForViews(own, ownViews), ownViews);
    await own.close();

    const page = await openPage(context, env.server, 'lang=en', new URL(link).hash);
    assert.deepEqual(await allViews(page), views);
    await waitForNotice(page, 'info', 'Opened the share link');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    assert.deepEqual(await waitForViews(page, ownViews), ownViews);
    // …and Redo goes back to the link's state.
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    assert.deepEqual(await waitForViews(page, views), views);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('the seed’s own link opened over the seed changes nothing', async () => {
  const context = await env.browser.newContext();
  try {
    const first = await openPage(context, env.server, 'lang=en');
    await clickWork(first, '[data-action="share"]');
    const link = await first.inputValue('input[name="share_link"]');
    await first.close();
    const page = await openPage(context, env.server, 'lang=en', new URL(link).hash);
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), true);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

// The link's state is autosaved, but the learner's own work is set aside in
// storage first, so it is still one Undo away after a reload.
test(
  'after opening a share link over saved work and reloading, the saved work is still recoverable',
  async () => {
    const { link, views } = await makeLink();
    const context = await env.browser.newContext();
    try {
      const own = await openPage(context, env.server, 'lang=en');
      await own.getByRole('button', { name: 'Delete (G)', exact: true }).click();
      await own.waitForSelector('[data-card-id="G"]', { state: 'detached' });
      const ownViews = await allViews(own);
      await own.close();

      const page = await openPage(context, env.server, 'lang=en', new URL(link).hash);
      assert.deepEqual(await allViews(page), views);
      await page.reload();
      await page.waitForSelector('[data-view]');
      // Either the saved work is back, or it is still one Undo away.
      if (JSON.stringify(await allViews(page)) !== JSON.stringify(ownViews)) {
        const undo = page.getByRole('button', { name: 'Undo', exact: true });
        assert.equal(await undo.isDisabled(), false, 'nothing to undo: the saved work is lost');
        await undo.click();
        assert.deepEqual(await waitForViews(page, ownViews), ownViews);
      }
    } finally {
      await context.close();
    }
  },
);
