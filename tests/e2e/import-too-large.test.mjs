// A file over the 5 MB limit is refused before it is read, with a message
// naming its size and the limit; the work is unchanged.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, allViews, importFile, pageErrors, useBrowser, waitForNotice, withApp } from './harness.mjs';

const env = useBrowser();

test('a 10 MB workspace file is refused with a message', async () => {
  await withApp(env, 'lang=en', async (page) => {
    // Valid JSON shaped like a workspace, just far too big.
    const filler = 'x'.repeat(10 * 1024 * 1024);
    const text = JSON.stringify({ users: ['mallory'], agents: ['a'], query: '', canaries: {}, cards: [{ id: 'Z', lesson: filler }] });
    assert.ok(text.length > 10_000_000);
    await importFile(page, 'huge.json', text);
    const notice = await waitForNotice(page, 'error', "Couldn't load huge.json");
    assert.match(notice, /the file is 10\.5 MB, over the 5 MB limit/);
    assert.match(notice, /Your current work is unchanged/);
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), true);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('a file just over 5 MB is refused too', async () => {
  await withApp(env, 'lang=en', async (page) => {
    const text = JSON.stringify({ cards: [{ id: 'Z', lesson: 'y'.repeat(5 * 1024 * 1024) }] });
    await importFile(page, 'five.json', text);
    assert.match(await waitForNotice(page, 'error', "Couldn't load five.json"), /over the 5 MB limit/);
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    assert.deepEqual(pageErrors(page), []);
  });
});
