// First load: with the built-in seed (query 報告) the seating chart shows the
// four views of the seed program, card for card and in order.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openApp, pageErrors, screenshot, startServer, viewIds, viewNames } from './harness.mjs';

const seedViews = {
  'alice/writer-v1': ['P', 'U', 'A', 'G'],
  'alice/checker-v1': ['U', 'G'],
  'bob/writer-v1': ['A', 'G', 'B'],
  'bob/checker-v1': ['G', 'B'],
};

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await openApp(browser, server);
});

after(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.close();
});

test('the seed shows one cell per user and agent', async () => {
  assert.deepEqual([...(await viewNames(page))].sort(), Object.keys(seedViews).sort());
});

for (const [viewer, expected] of Object.entries(seedViews)) {
  test(`${viewer} sees ${expected.join(', ')}`, async () => {
    assert.deepEqual(await viewIds(page, viewer), expected);
  });
}

test('first load raises no page error', async () => {
  await screenshot(page, 'seed');
  assert.deepEqual(pageErrors(page), []);
});
