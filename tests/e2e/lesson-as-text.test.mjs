// HTML in a lesson is shown as text and runs nothing: typed into the editor,
// and in every text field of an imported workspace.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, importFile, pageErrors, useBrowser, waitForNotice, waitForViewIds, waitUntil, withApp } from './harness.mjs';

const env = useBrowser();

/**
 * A positive sign that an injected image would have failed to load by now
 * and run its handler: a control image with a missing source on the same
 * server, asked for after the text was on the page, has fired its own error
 * handler. Its 404 is the one page error expected.
 */
async function controlImageFailed(page) {
  await page.evaluate(() => new Promise((resolve) => {
    const img = new Image();
    img.onerror = resolve;
    img.src = 'x-control-image';
  }));
}

/** The page's errors, without the control image's expected 404. */
const errorsBesidesControl = (page) => pageErrors(page).filter((e) => !e.includes('/x-control-image'));

const payload = '<img src=x onerror=window.__pwned=1>';

test('a lesson typed as <img onerror> shows those characters and runs nothing', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await cardRow(page, 'G').locator('textarea[name="lesson"]').fill(payload);

    // G is in all four views; each shows the characters as typed (the views
    // follow a keystroke one frame later).
    const viewers = ['alice/writer-v1', 'alice/checker-v1', 'bob/writer-v1', 'bob/checker-v1'];
    await waitUntil(
      page,
      ([viewers, payload]) =>
        viewers.every((v) => document.querySelector(`[data-view="${v}"] [data-card-id="G"] .lesson`)?.textContent === payload),
      [viewers, payload],
    );
    for (const viewer of viewers) {
      const text = await page.locator(`[data-view="${viewer}"] [data-card-id="G"] .lesson`).textContent();
      assert.equal(text, payload, viewer);
    }
    assert.equal(await page.locator('[data-view] img').count(), 0);
    assert.equal(await page.locator('img[src="x"]').count(), 0);
    await controlImageFailed(page);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    // No request for /x was made (it would show up as a 404 here).
    assert.deepEqual(errorsBesidesControl(page), []);
  });
});

test('HTML in every text field of an imported workspace stays text', async () => {
  await withApp(env, 'lang=en', async (page) => {
    const evil = (n) => `<img src=x onerror=window.__pwned=${n}><script>window.__pwned=${n}</script>`;
    const workspace = {
      users: ['<b onmouseover=window.__pwned=10>eve'],
      agents: ['<svg onload=window.__pwned=11>'],
      query: '<i>q</i>',
      canaries: { '<b onmouseover=window.__pwned=10>eve': ['<img src=x onerror=window.__pwned=12>'] },
      cards: [
        {
          id: '<img src=x onerror=window.__pwned=13>',
          scope: 'USER',
          owner_user: '<b onmouseover=window.__pwned=10>eve',
          owner_agent: '<svg onload=window.__pwned=11>',
          stream: 'protected',
          share_approved: false,
          situation: `<i>q</i>${evil(14)}`,
          lesson: evil(15),
          source: evil(16),
        },
      ],
    };
    await importFile(page, 'hostile.json', JSON.stringify(workspace));
    await waitForNotice(page, 'info', 'hostile.json');
    const viewer = '<b onmouseover=window.__pwned=10>eve/<svg onload=window.__pwned=11>';
    assert.deepEqual(await waitForViewIds(page, viewer, ['<img src=x onerror=window.__pwned=13>']), [
      '<img src=x onerror=window.__pwned=13>',
    ]);
    const lesson = await page.locator('[data-view] .lesson').first().textContent();
    assert.equal(lesson, evil(15));
    assert.equal(await page.locator('main img, main script, main svg, main b, main i').count(), 0);
    await controlImageFailed(page);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.deepEqual(errorsBesidesControl(page), []);
  });
});
