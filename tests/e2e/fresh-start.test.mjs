// The "Fresh start" link opens the seed in a new tab without touching the
// saved work, and nothing done there is saved.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, allViews, openPage, pageErrors, useBrowser, waitForNotice, waitForViews, SEED_VIEWS_WITHOUT_G, allStorage, savedWork, waitForSavedWork, flushSave, openWork } from './harness.mjs';

const env = useBrowser();

const ownViews = SEED_VIEWS_WITHOUT_G;

test('?fresh shows the seed and leaves the saved work alone', async () => {
  const context = await env.browser.newContext();
  try {
    const own = await openPage(context, env.server, 'lang=en');
    await own.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    assert.deepEqual(await waitForViews(own, ownViews), ownViews);
    // Autosave runs a moment after the last edit.
    await waitForSavedWork(own, (work) => !work.cards.some((c) => c.id === 'G'));
    const saved = await allStorage(own);

    // The link (in the Work menu) opens a new tab.
    await openWork(own);
    const [fresh] = await Promise.all([
      context.waitForEvent('page'),
      own.getByRole('link', { name: 'Fresh start (new tab)' }).click(),
    ]);
    await fresh.waitForSelector('[data-view]');
    assert.equal(new URL(fresh.url()).search, '?fresh');
    assert.deepEqual(await allViews(fresh), SEED_VIEWS);
    await waitForNotice(fresh, 'info', 'Fresh start');

    // Work done in the fresh tab is not saved over the learner's.
    await fresh.getByRole('button', { name: 'Delete (B)', exact: true }).click();
    await fresh.waitForSelector('[data-card-id="B"]', { state: 'detached' });
    // Whatever the tab would save, it saves now (as when it is closed).
    await flushSave(fresh);
    assert.deepEqual(await allStorage(fresh), saved, 'the fresh tab wrote nothing');
    await fresh.close();
    await own.close();

    const again = await openPage(context, env.server, 'lang=en');
    assert.deepEqual(await allViews(again), ownViews);
    assert.deepEqual(pageErrors(again), []);
  } finally {
    await context.close();
  }
});
