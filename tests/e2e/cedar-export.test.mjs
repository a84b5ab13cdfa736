// Export as Cedar (issue 54): the Work menu downloads the work as a Cedar
// policy set, three files, and the why panel names the Cedar policy that
// decides a read and a refusal beside the playground's own reason.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openWork, pageErrors, useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

test('Export as Cedar downloads the schema, the policies and the entities', async () => {
  await withApp(env, 'lang=en&seed=zh-TW', async (page) => {
    // Every download of the click, gathered as they come: the three files.
    const files = new Map();
    let arrived;
    const allThree = new Promise((resolve) => (arrived = resolve));
    page.on('download', async (download) => {
      const path = await download.path();
      files.set(download.suggestedFilename(), await readFile(path, 'utf8'));
      if (files.size === 3) arrived();
    });
    await openWork(page);
    await page.click('[data-action="export-cedar"]');
    await allThree;
    await page.keyboard.press('Escape');
    assert.deepEqual([...files.keys()].sort(), ['entities.json', 'policies.cedar', 'schema.cedarschema']);

    assert.match(files.get('schema.cedarschema'), /namespace MixUA \{/);
    assert.match(files.get('schema.cedarschema'), /action read appliesTo/);
    const policies = files.get('policies.cedar');
    for (const id of ['pair-owner', 'global-everyone', 'protected-stays-private', 'sharing-approved', 'in-effect-only']) {
      assert.match(policies, new RegExp(`@id\\("${id}"\\)`));
    }
    // The entities are the work: the seed’s seven cards, X refused as
    // personal content filed GLOBAL, Y as sharing nobody approved.
    const entities = JSON.parse(files.get('entities.json'));
    const cards = Object.fromEntries(entities.filter((e) => e.uid.type === 'MixUA::Card').map((e) => [e.uid.id, e.attrs]));
    assert.deepEqual(Object.keys(cards).sort(), ['A', 'B', 'G', 'P', 'U', 'X', 'Y']);
    assert.equal(cards.X.rejection, 'protected_shared');
    assert.equal(cards.Y.rejection, 'not_approved');
    const viewers = entities.filter((e) => e.uid.type === 'MixUA::Viewer').map((e) => e.uid.id);
    assert.deepEqual(viewers, ['alice/checker-v1', 'alice/writer-v1', 'bob/checker-v1', 'bob/writer-v1']);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('the why panel names the Cedar policy of a read and of a refusal', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.getByRole('button', { name: 'Show reach (U)', exact: true }).click();
    await page.waitForSelector('[data-panel="why"][data-why-card="U"]');
    // A read: alice's USER card, for alice.
    await page.click('[data-view="alice/checker-v1"] [data-reach]');
    const read = page.locator('[data-panel="why"] [data-focus="alice/checker-v1"] [data-cedar]');
    await read.waitFor();
    assert.equal(await read.getAttribute('data-cedar'), 'user-owner');
    assert.equal(await read.textContent(), 'Cedar: permitted by @id("user-owner")');
    // A refusal: the same card, for bob.
    await page.click('[data-view="bob/checker-v1"] [data-reach]');
    const refused = page.locator('[data-panel="why"] [data-focus="bob/checker-v1"] [data-cedar]');
    await refused.waitFor();
    assert.equal(await refused.getAttribute('data-cedar'), 'user-other-user');
    assert.equal(await refused.textContent(), 'Cedar: forbidden by @id("user-other-user")');
    assert.deepEqual(pageErrors(page), []);
  });
});
