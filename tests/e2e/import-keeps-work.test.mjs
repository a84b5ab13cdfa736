// Import, like a share link, keeps the work it replaces: the file becomes a
// work of its own, and the learner's work stays in its slot (Recent work)
// and one Undo away, even after a reload. A file saved with a UTF-8
// byte-order mark imports; a file in another encoding is refused by name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, SEED_VIEWS_WITHOUT_G, allViews, downloadText, importFile, openPage, openRecent, pageErrors, useBrowser, waitForNotice, waitForViews, waitUntil } from './harness.mjs';

const env = useBrowser();

/** Resolves once this tab's autosaved work no longer holds `text`. */
async function waitForSaveWithout(page, text) {
  await waitUntil(page, (gone) => {
    const id = JSON.parse(sessionStorage.getItem('mixua-playground/v2/tab-work') ?? 'null');
    const slot = id && localStorage.getItem(`mixua-playground/v2/work/${id}`);
    return Boolean(slot) && !slot.includes(gone);
  }, text);
}

/** Own work (the seed without G), autosaved, and the seed as a file to import. */
async function editedThenImportSeed(page) {
  const seed = await downloadText(page, '[data-action="export"]');
  await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
  assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
  await waitForSaveWithout(page, '"id":"G"');
  const before = await page.evaluate(() => sessionStorage.getItem('mixua-playground/v2/tab-work'));
  await importFile(page, 'seed.json', seed.text);
  await waitForNotice(page, 'info', 'Loaded seed.json');
  assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
  // The import is saved as a work of its own, not over the edited one.
  await waitUntil(page, (old) => {
    const id = sessionStorage.getItem('mixua-playground/v2/tab-work');
    const slot = id !== old && localStorage.getItem(`mixua-playground/v2/work/${JSON.parse(id)}`);
    return Boolean(slot) && slot.includes('"id":"G"');
  }, before);
  return seed;
}

test('edit → import → reload → Undo brings the edited work back', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    await editedThenImportSeed(page);
    await page.reload();
    await page.waitForSelector('#app [data-ready]', { state: 'attached' });
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    await waitForNotice(page, 'info', 'Your earlier work is kept');
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    assert.equal(await undo.isDisabled(), false, 'nothing to undo: the edited work is lost');
    await undo.click();
    assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('edit → import → the edited work is in Recent work and opens from there', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    await editedThenImportSeed(page);
    await waitUntil(page, () => document.querySelectorAll('[data-panel="recent"] li').length === 2);
    const current = page.locator('[data-panel="recent"] li[data-current="true"]');
    assert.match(await current.textContent(), /seed\.json · Work/);
    await openRecent(page, 'Work', /seed\.json/);
    assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('a file with a UTF-8 byte-order mark imports; a UTF-16 file is refused by name', async () => {
  const context = await env.browser.newContext();
  try {
    const page = await openPage(context, env.server, 'lang=en');
    const seed = await downloadText(page, '[data-action="export"]');
    await page.getByRole('button', { name: 'Delete (G)', exact: true }).click();
    assert.deepEqual(await waitForViews(page, SEED_VIEWS_WITHOUT_G), SEED_VIEWS_WITHOUT_G);

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(seed.text, 'utf16le')]);
    await importFile(page, 'utf16.json', utf16);
    const refused = await waitForNotice(page, 'error', 'utf16.json');
    assert.match(refused, /UTF-16 LE/);
    assert.deepEqual(await allViews(page), SEED_VIEWS_WITHOUT_G, 'the work is left as it was');

    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(seed.text, 'utf8')]);
    await importFile(page, 'windows.json', bom);
    await waitForNotice(page, 'info', 'Loaded windows.json');
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});
