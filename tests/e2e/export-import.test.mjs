// Export → import round trip: a workspace exported from one browser profile
// and imported into another gives the same views, and exporting it again
// gives a byte-identical file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, allViews, cardRow, downloadText, importFile, pageErrors, useBrowser, waitForNotice, waitForViews, withApp } from './harness.mjs';

const env = useBrowser();

test('export, import elsewhere, export again: identical workspace', async () => {
  let exported;
  let views;
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    // Work worth keeping: edits, a new agent, a canary and predictions.
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await cardRow(page, 'U').locator('select[name="scope"]').selectOption('PAIR');
    await cardRow(page, 'G').locator('input[name="situation"]').fill('週報告');
    await page.fill('input[name="new_agent"]', 'writer-v2');
    await page.press('input[name="new_agent"]', 'Enter');
    await page.waitForSelector('[data-view="alice/writer-v2"]');
    await page.fill('#new-canary-bob', 'FAKE-BOB-999');
    await page.press('#new-canary-bob', 'Enter');
    await page.waitForSelector('[data-canary="FAKE-BOB-999"]');
    await page.click('[data-action="predict-mode"]');
    await page.check('[data-view="bob/writer-v2"] input[name="predict"][value="G"]');
    await page.check('[data-view="bob/writer-v2"] input[name="predict"][value="Y"]');
    await page.click('[data-action="predict-mode"]');
    await page.waitForSelector('[data-view] [data-card-id]');
    views = await allViews(page);
    assert.deepEqual(views['alice/checker-v1'], ['G', 'Y']);

    exported = await downloadText(page, '[data-action="export"]');
    assert.equal(exported.name, 'mixua-workspace.json');
    const json = JSON.parse(exported.text);
    assert.deepEqual(json.users, ['alice', 'bob']);
    assert.deepEqual(json.agents, ['writer-v1', 'checker-v1', 'writer-v2']);
    assert.deepEqual(json.canaries, { alice: ['FAKE-ALICE-731'], bob: ['FAKE-BOB-852', 'FAKE-BOB-999'] });
    assert.deepEqual(json.playground.predictions, { 'bob/writer-v2': ['G', 'Y'] });
    assert.deepEqual(pageErrors(page), []);
  });

  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    assert.deepEqual(await allViews(page), SEED_VIEWS);
    await importFile(page, 'mixua-workspace.json', exported.text);
    const notice = await waitForNotice(page, 'info', 'Loaded mixua-workspace.json');
    assert.match(notice, /7 cards, 1 rejected/);
    assert.deepEqual(await waitForViews(page, views), views);

    const again = await downloadText(page, '[data-action="export"]');
    assert.equal(again.text, exported.text);

    // The predictions came along.
    await page.click('[data-action="predict-mode"]');
    await page.waitForSelector('input[name="predict"]');
    assert.deepEqual(
      await page.$$eval('input[name="predict"]:checked', (els) => els.map((el) => `${el.closest('[data-view]').getAttribute('data-view')}:${el.value}`)),
      ['bob/writer-v2:G', 'bob/writer-v2:Y'],
    );

    // Undo brings back what was there before the import.
    await page.click('[data-action="predict-mode"]');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    assert.deepEqual(await waitForViews(page, SEED_VIEWS), SEED_VIEWS);
    assert.deepEqual(pageErrors(page), []);
  });
});
