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

test('first load: the app replaced the prerendered screen, the whole chart is on the first screen, and no page error', async () => {
  assert.equal(await page.locator('.prerender').count(), 0, 'the prerendered first screen is gone');
  assert.equal(await page.getAttribute('html', 'lang'), 'en', "the browser's language (en-US) is the app's");
  assert.ok((await page.locator('#app h1').textContent()).includes('MixUA'), 'the title is shown');
  // 1280 × 800: every cell of the seed's chart is seen whole without scrolling.
  const outside = await page.$$eval('[data-view]', (cells) =>
    cells
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
      })
      .map((c) => c.getAttribute('data-view')),
  );
  assert.deepEqual(outside, []);
  assert.deepEqual(pageErrors(page), []);
  await screenshot(page, 'seed');
});
