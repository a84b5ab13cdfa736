// Storage that can be recovered: a damaged list of works is rebuilt from
// the work slots, and a damaged work slot is kept as it was (never written
// over), said in words and offered as a file, whether it is met at the
// start or opened from Recent work. Nothing is left unreachable.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, SEED_VIEWS_WITHOUT_G, allViews, downloadText, openPage, openWork, pageErrors, useBrowser, waitForNotice, waitForViews, waitUntil } from './harness.mjs';

const env = useBrowser();
const INDEX = 'mixua-playground/v2/works';

/** This tab's work id, once its work is saved without card G. */
async function ownWorkSaved(page) {
  await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
  assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
  return waitUntil(page, () => {
    const id = JSON.parse(sessionStorage.getItem('mixua-playground/v2/tab-work') ?? 'null');
    const slot = id && localStorage.getItem(`mixua-playground/v2/work/${id}`);
    return Boolean(slot) && !slot.includes('"id":"G"') && id;
  });
}

async function reload(page) {
  await page.reload();
  await page.waitForSelector('#app [data-ready]', { state: 'attached' });
}

test('a damaged list of works is rebuilt from the slots, kept as it was, and offered as a file', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    const id = await ownWorkSaved(page);
    await page.evaluate((key) => localStorage.setItem(key, '{"rev":'), INDEX);
    await reload(page);
    // The work is there, and listed in Recent work.
    assert.deepEqual(await allViews(page), SEED_VIEWS_WITHOUT_G);
    const notice = await waitForNotice(page, 'error', 'rebuilt');
    assert.match(notice, /works stored \(1\)/);
    const file = await downloadText(page, '[data-action="download-unreadable"]');
    assert.deepEqual(file, { name: 'mixua-works-index.json', text: '{"rev":' });
    await waitUntil(page, (work) => document.querySelector(`[data-panel="recent"] li[data-work="${work}"]`) !== null, id);
    // The next save writes a readable index; the damaged one is kept aside as it was.
    await page.getByRole('button', { name: 'Delete (B)', exact: true }).click();
    const stored = await waitUntil(page, (key) => {
      const index = localStorage.getItem(key);
      return index.startsWith('{"works"') && [index, localStorage.getItem('mixua-playground/v2/unreadable/works')];
    }, INDEX);
    assert.equal(JSON.parse(stored[0]).works[0].id, id);
    assert.equal(stored[1], '{"rev":');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('a damaged work slot, at the start and from Recent work, is said, offered as a file, and never written over', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    const id = await ownWorkSaved(page);
    const damaged = '{"rev":1,"saved_at":';
    await page.evaluate(([key, text]) => localStorage.setItem(key, text), [`mixua-playground/v2/work/${id}`, damaged]);
    await reload(page);
    // The start goes on with a new work on the seed, and says why.
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    await waitForNotice(page, 'error', 'could not be read');
    const file = await downloadText(page, '[data-action="download-unreadable"]');
    assert.deepEqual(file, { name: `mixua-unreadable-${id}.json`, text: damaged });
    // The new work is saved in a slot of its own; the damaged one stays as it was.
    await page.getByRole('button', { name: 'Delete (B)', exact: true }).click();
    await waitUntil(page, (old) => {
      const tab = JSON.parse(sessionStorage.getItem('mixua-playground/v2/tab-work') ?? 'null');
      return tab && tab !== old && localStorage.getItem(`mixua-playground/v2/work/${tab}`)?.includes('"id":"G"');
    }, id);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), `mixua-playground/v2/work/${id}`), damaged);

    // Opened from Recent work: said again, and this tab stays on its work.
    await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await openWork(page);
    await page.locator('[data-panel="recent"] summary').click();
    const views = await allViews(page);
    await page.locator(`[data-panel="recent"] li[data-work="${id}"] [data-action="open-work"]`).click();
    await waitForNotice(page, 'error', 'could not be read');
    // The Work menu, still open over the top bar, is closed as a learner would.
    const menu = page.locator('[data-menu="work"]');
    if (await menu.evaluate((d) => d.open)) await menu.locator(':scope > summary').click();
    const again = await downloadText(page, '[data-action="download-unreadable"]');
    assert.equal(again.text, damaged);
    assert.deepEqual(await allViews(page), views);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), `mixua-playground/v2/work/${id}`), damaged);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('the notice of a damaged slot is in Chinese too', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    const id = await ownWorkSaved(page);
    await page.evaluate((key) => localStorage.setItem(key, 'x'), `mixua-playground/v2/work/${id}`);
    await page.goto(`${env.server.url}?lang=zh-TW`);
    await page.waitForSelector('#app [data-ready]', { state: 'attached' });
    await waitForNotice(page, 'error', '讀不出來');
    assert.equal(await page.getByRole('button', { name: '下載原本的內容', exact: true }).count(), 1);
  } finally {
    await context.close();
  }
});
