// The app's parts (issue 28, src/lazy.rs): code a student's first load
// does not carry, split out of the page's wasm at build time and fetched
// when first wanted. A lesson-1 student fetches none of them; the Work
// menu's (its share link and report writers) comes when the menu is
// pointed at or used; lesson 2's panels come with lesson 2, before it says
// it is ready. An action whose part can't be fetched says so in both
// languages, beside its control, and does nothing; the work is as it was.
// A panel whose part can't be fetched says so in its place, with a button
// that fetches it again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS_WITHOUT_G, axeScan, formatViolations, cardRow, clickWork, downloadText, openPage, pageErrors, savedWork, useBrowser, waitForSavedWork, waitForViews, waitUntil } from './harness.mjs';

const env = useBrowser();

/**
 * The parts a page fetched, by name (`work_menu`, `acting`, …), in order;
 * not the small chunks of code two parts share, which come with them.
 */
function partsFetched(page) {
  const fetched = [];
  page.on('request', (request) => {
    const m = /^\/mixua-parts-[0-9a-f]+-split_(.+)\.wasm$/.exec(new URL(request.url()).pathname);
    if (m) fetched.push(m[1]);
  });
  return fetched;
}

test('a lesson-1 student fetches no part; the Work menu\'s comes when the menu is pointed at, and its actions work', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const fetched = partsFetched(page);
    await page.goto(`${env.server.url}?lang=en`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    // The chart works with no part: an edit changes the views.
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await waitForViews(page, SEED_VIEWS_WITHOUT_G);
    assert.deepEqual(fetched, [], 'no part before the Work menu is wanted');
    // Pointing at the menu fetches its part, before any click.
    await page.hover('[data-menu="work"] > summary');
    await waitUntil(page, () => performance.getEntriesByType('resource').some((e) => /split_work_menu\.wasm$/.test(e.name)));
    assert.deepEqual(fetched, ['work_menu'], 'the Work menu\'s part alone');
    // Its actions: the report, byte for byte the CLI's shape, and a share
    // link that opens the same work.
    const report = JSON.parse((await downloadText(page, '[data-action="export-report"]')).text);
    const reported = Object.fromEntries(Object.entries(report.views).map(([viewer, hits]) => [viewer, hits.map((h) => h.id)]));
    assert.deepEqual(reported, SEED_VIEWS_WITHOUT_G, 'the report holds the views shown');
    await clickWork(page, '[data-action="share"]');
    const link = await page.inputValue('input[name="share_link"]');
    assert.match(link, /#v1\./);
    const opened = await openPage(await env.browser.newContext(), env.server, 'lang=en', link.split('#')[1]);
    assert.deepEqual(await waitForViews(opened, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
    await opened.context().close();
    assert.deepEqual(fetched, ['work_menu'], 'fetched once');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('lesson 2\'s panels are fetched with lesson 2 and there when it is ready', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const fetched = partsFetched(page);
    await page.goto(`${env.server.url}?lesson=2&lang=en`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    // With the write path their acts go through.
    assert.deepEqual(fetched.sort(), ['acting', 'acts']);
    // Ready means its panels are there: the timeline under the chart and
    // Act as in the inspector column.
    assert.equal(await page.locator('[data-panel="timeline"]').count(), 1);
    assert.equal(await page.locator('[data-tool="act"]').count(), 1);

    // A saved lesson-2 work opened without ?lesson= (a reload of the bare
    // address): the loader can't know the lesson, the start fetches the
    // part once it has read the work, and is ready with it.
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.includes('works')));
    const again = await context.newPage();
    const refetched = partsFetched(again);
    await again.goto(`${env.server.url}`);
    await again.waitForSelector('#app [data-ready]', { state: 'attached', timeout: 15_000 });
    assert.equal(await again.locator('[data-panel="timeline"]').count(), 1, 'lesson 2 again, with its timeline');
    assert.deepEqual(refetched.sort(), ['acting', 'acts']);
  } finally {
    await context.close();
  }
});

for (const [lang, says] of [
  ['en', /could not be downloaded.*nothing was done.*Your work is all still here/],
  ['zh-TW', /沒能下載.*什麼都沒做.*你的作品都還在/],
]) {
  test(`an action whose part can't be fetched says so (${lang}), beside the control, and leaves the work as it was`, async () => {
    // No service worker: after one visit it keeps every part (the offline
    // journey, room-offline.test.mjs), so this is a first visit.
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await openPage(context, env.server, `lang=${lang}`);
    try {
      // The learner's work before: G deleted, saved.
      await cardRow(page, 'G').locator('button.danger').click();
      await waitForSavedWork(page, (work) => !work.cards.some((c) => c.id === 'G'));
      const before = await savedWork(page);

      // The network refuses the Work menu's part.
      const refuse = (route) => route.abort('internetdisconnected');
      await context.route(/split_work_menu\.wasm$/, refuse);
      await clickWork(page, '[data-action="share"]');
      const said = page.locator('[data-menu="work"] [data-said="work"] [data-notice="error"]');
      await said.waitFor();
      assert.match((await said.textContent()).replace(/\s+/g, ' '), says);
      // Nothing was done: no link, the same work, saved as it was.
      assert.equal(await page.locator('input[name="share_link"]').count(), 0);
      assert.deepEqual(await savedWork(page), before);
      assert.equal(await cardRow(page, 'G').count(), 0);

      // The network is back: the same button works.
      await context.unroute(/split_work_menu\.wasm$/, refuse);
      await page.click('[data-action="share"]');
      await page.locator('input[name="share_link"]').waitFor();
      assert.match(await page.inputValue('input[name="share_link"]'), /#v1\./);
    } finally {
      await page.context().close();
    }
  });

  test(`a panel whose part can't be fetched says so in its place (${lang}); Try again brings it`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await openPage(context, env.server, `lang=${lang}`);
    try {
      const refuse = (route) => route.abort('internetdisconnected');
      await context.route(/split_about_me\.wasm$/, refuse);
      await page.click('[data-action="about-me"][data-user="alice"]');
      const failed = page.locator('aside.side .part-failed.about-me[role="alert"]');
      await failed.waitFor();
      assert.match((await failed.textContent()).replace(/\s+/g, ' '), lang === 'en' ? /could not be downloaded.*Your work is all still here/ : /沒能下載.*你的作品都還在/);
      assert.equal(await page.locator('[data-panel="about-me"]').count(), 0);
      // In About me's place: first in the inspector column, above the rejected cards.
      const [said, rejected] = await Promise.all([failed.boundingBox(), page.locator('[data-panel="rejected"]').boundingBox()]);
      assert.ok(said.y < rejected.y, `the message (y ${said.y}) is above the rejected cards (y ${rejected.y})`);
      const violations = await axeScan(page);
      assert.deepEqual(violations, [], formatViolations(violations));
      // Online again: its button fetches it, and the panel takes its place.
      await context.unroute(/split_about_me\.wasm$/, refuse);
      await failed.getByRole('button', { name: lang === 'en' ? 'Try again' : '再試一次' }).click();
      await page.locator('[data-panel="about-me"][data-about-user="alice"]').waitFor();
      assert.equal(await failed.count(), 0);
    } finally {
      await context.close();
    }
  });
}
