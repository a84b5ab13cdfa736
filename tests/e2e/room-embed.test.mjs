// ?embed: the chart alone (and the panels &panel= names) for an iframe in
// slides or a course page: no bar, no files, no footer, no lesson unless
// asked; it fits a 16:9 frame, and it neither reads nor writes saved work.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, SEED_VIEWS_WITHOUT_G, allStorage, allViews, axeScan, formatViolations, openPage, pageErrors, useBrowser, waitForViews, waitForSavedWork, flushSave, clickWork } from './harness.mjs';

const env = useBrowser();
const shots = process.env.MIXUA_SHOTS ?? '/tmp/shots-12b';

async function chrome(page) {
  return page.evaluate(() => ({
    top: document.querySelectorAll('#app header.top, #app .toolbar').length,
    files: document.querySelectorAll('#app .files, #app [data-action="share"]').length,
    foot: document.querySelectorAll('#app footer').length,
    lesson: document.querySelectorAll('#app [data-panel="lesson"]').length,
    why: document.querySelectorAll('#app [data-panel="why"]').length,
    query: document.querySelectorAll('#app input[name="query"]').length,
    editor: document.querySelectorAll('#app tr[data-card]').length,
  }));
}

test('?embed shows just the chart, fits 16:9, and an embed in a page keeps the learner\'s work apart', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // The learner's own work, saved (the seed without G).
    const own = await openPage(context, env.server, 'lang=en');
    await own.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await waitForViews(own, SEED_VIEWS_WITHOUT_G);
    await waitForSavedWork(own, (work) => !work.cards.some((c) => c.id === 'G'));
    const before = await allStorage(own);
    await own.close();

    // A course page with the chart in a 16:9 iframe (960 x 540).
    const page = await context.newPage();
    await page.setContent(`<!doctype html><html lang="en"><title>Course</title><body style="margin:0">
      <iframe title="MixUA chart" src="${env.server.url}?embed&lang=en" width="960" height="540" style="border:0"></iframe></body></html>`);
    const frame = page.frameLocator('iframe');
    await frame.locator('#app [data-ready]').first().waitFor({ state: 'attached', timeout: 15_000 });
    const inner = page.frames().find((f) => f.url().includes('embed'));
    // The seed, not the learner's saved work.
    assert.deepEqual(await allViews(inner), SEED_VIEWS);
    assert.deepEqual(await chrome(inner), { top: 0, files: 0, foot: 0, lesson: 0, why: 0, query: 0, editor: 0 });
    // The whole 2 x 2 chart is inside the frame, without scrolling.
    const fits = await inner.evaluate(() => {
      const grid = document.querySelector('.grid').getBoundingClientRect();
      return { bottom: grid.bottom, right: grid.right, scrollW: document.documentElement.scrollWidth };
    });
    assert.ok(fits.bottom <= 540, `the chart ends at ${fits.bottom}px, inside the 540px frame`);
    assert.ok(fits.right <= 960 && fits.scrollW <= 960, 'nothing wider than the frame');
    await page.screenshot({ path: `${shots}/embed-chart-960x540.png` });
    // It works: an edit in the embed changes the chart ...
    await inner.getByRole('button', { name: 'Predict, then reveal' }).click();
    await inner.locator('[data-view="alice/writer-v1"] input[name="predict"]').first().waitFor();
    // Whatever the embed would save, it saves now (as when it is closed).
    await flushSave(inner);
    // ... and nothing was written to storage: the learner's work is as it was.
    const check = await context.newPage();
    await check.goto(`${env.server.url}?lang=en`);
    await check.waitForSelector('#app [data-ready]', { state: 'attached' });
    assert.deepEqual(await allViews(check), SEED_VIEWS_WITHOUT_G);
    const after = await allStorage(check);
    assert.deepEqual(Object.keys(after).sort(), Object.keys(before).sort(), 'the embed saved no work of its own');
    assert.deepEqual(pageErrors(check), []);
  } finally {
    await context.close();
  }
});

test('?embed&panel=why adds the why panel (and ?hide= still hides); a share link embeds its state and keeps it on reload', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    // A share link for the seed without G.
    const maker = await openPage(context, env.server, 'fresh&lang=en');
    await maker.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    await waitForViews(maker, SEED_VIEWS_WITHOUT_G);
    await clickWork(maker, '[data-action="share"]');
    const link = new URL(await maker.inputValue('input[name="share_link"]'));
    await maker.close();

    const page = await openPage(context, env.server, 'embed&panel=why,query&lang=en', link.hash);
    assert.deepEqual(await allViews(page), SEED_VIEWS_WITHOUT_G);
    // No notice that would say the changes are saved: an embed saves nothing.
    assert.equal(await page.locator("[data-notice]").count(), 0, await page.locator("[data-notice]").allInnerTexts().then(String));
    const seen = await chrome(page);
    assert.equal(seen.why, 1, 'the why panel is there');
    assert.equal(seen.query, 1, 'the query bar is there');
    assert.deepEqual({ ...seen, why: 0, query: 0 }, { top: 0, files: 0, foot: 0, lesson: 0, why: 0, query: 0, editor: 0 });
    await page.click('[data-view="bob/writer-v1"] [data-card-id="A"]');
    await page.waitForSelector('[data-panel="why"] [data-decision]');
    await page.screenshot({ path: `${shots}/embed-why-1280x720.png` });
    const violations = await axeScan(page);
    assert.deepEqual(violations, [], formatViolations(violations));
    // The link stays in the address (an embed saves nothing), so a reload shows it again.
    assert.equal(new URL(page.url()).hash, link.hash);
    await page.reload();
    await page.waitForSelector('#app [data-ready]', { state: 'attached' });
    assert.deepEqual(await allViews(page), SEED_VIEWS_WITHOUT_G);
    // The lesson only when asked; ?hide= wins over &panel=.
    const lesson = await openPage(context, env.server, 'embed&panel=lesson,why&hide=why&lang=en');
    const shown = await chrome(lesson);
    assert.equal(shown.lesson, 1);
    assert.equal(shown.why, 0);
    assert.deepEqual(pageErrors(page), []);
    assert.deepEqual(pageErrors(lesson), []);
  } finally {
    await context.close();
  }
});
