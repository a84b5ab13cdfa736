// A tampered, truncated or future-version share link gets a clear message
// and changes nothing: the saved work stays on screen and in storage.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, allViews, openPage, pageErrors, useBrowser, waitForNotice, waitForViews, SEED_VIEWS_WITHOUT_G, savedWork, allStorage, waitForSavedWork, clickWork } from './harness.mjs';

const env = useBrowser();

test('bad share links change nothing and say what is wrong', async () => {
  const context = await env.browser.newContext();
  try {
    // Saved work: G deleted. And a real link to the seed with Y approved, to cut short.
    const own = await openPage(context, env.server, 'lang=en');
    await own.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    const ownViews = SEED_VIEWS_WITHOUT_G;
    assert.deepEqual(await waitForViews(own, ownViews), ownViews);
    await clickWork(own, '[data-action="share"]');
    const good = new URL(await own.inputValue('input[name="share_link"]')).hash;
    // Autosave runs a moment after the last edit.
    await waitForSavedWork(own, (work) => !work.cards.some((c) => c.id === 'G'));
    assert.ok(await savedWork(own), 'the work was autosaved');
    const saved = await allStorage(own);
    await own.close();

    const cases = [
      ['#v1.garbage', /the share link is incomplete or altered/],
      [good.slice(0, Math.floor(good.length / 2)), /the share link is incomplete or altered/],
      [good.slice(0, -3), /the share link is incomplete or altered/],
      // One character changed in the middle of the data.
      [good.slice(0, 40) + (good[40] === 'A' ? 'B' : 'A') + good.slice(41), /the share link is incomplete or altered/],
      ['#v9.xxx', /this share link comes from a newer version \(v9\); this playground reads v1/],
      ['#hello', /the part after # is not a share link/],
    ];
    for (const [hash, message] of cases) {
      const page = await openPage(context, env.server, 'lang=en', hash);
      const text = await waitForNotice(page, 'error', "Couldn't load the share link");
      assert.match(text, message, hash);
      assert.match(text, /Your current work is unchanged/);
      assert.deepEqual(await allViews(page), ownViews, hash);
      // Nothing to undo: the link never became the work.
      assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), true, hash);
      assert.deepEqual(await allStorage(page), saved, hash);
      assert.deepEqual(pageErrors(page), [], hash);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('a bad link in a fresh profile shows the seed and the message', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en', '#v9.xxx');
    await waitForNotice(page, 'error', 'newer version');
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});
