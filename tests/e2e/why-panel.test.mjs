// The why panel: for bob/checker-v1 and U, the decision from the policy's
// reasons and the flip-finder's verdict that no one-field edit shares U safely.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

test('bob/checker-v1 × U: no one-field edit shares it safely', async () => {
  await withApp(env, 'lang=en', async (page) => {
    // Select U: every cell says whether it reaches it.
    await page.getByRole('button', { name: 'Show reach (U)', exact: true }).click();
    await page.waitForSelector('[data-panel="why"][data-why-card="U"]');
    const reach = await page.$$eval('[data-view]', (cells) =>
      Object.fromEntries(cells.map((c) => [c.getAttribute('data-view'), c.querySelector('[data-reach]')?.getAttribute('data-reach')])),
    );
    assert.deepEqual(reach, {
      'alice/writer-v1': 'yes',
      'alice/checker-v1': 'yes',
      'bob/writer-v1': 'no',
      'bob/checker-v1': 'no',
    });

    // Inspect bob/checker-v1 from its cell.
    await page.click('[data-view="bob/checker-v1"] [data-reach]');
    const focus = page.locator('[data-panel="why"] [data-focus="bob/checker-v1"]');
    await focus.waitFor();
    assert.equal(
      await focus.locator('[data-decision]').textContent(),
      'U is a USER card of alice: it follows only alice, and bob is someone else.',
    );
    const flips = await focus.locator('[data-flips]').textContent();
    // U belongs to alice with writer-v1: as AGENT it would reach writer-v1
    // users only, so for checker-v1 GLOBAL is the one scope that would flip it.
    assert.match(
      flips,
      /^bob\/checker-v1 would read U only with scope set to GLOBAL, but then it would be rejected \(protected \(personal\) content can't be shared beyond its owner/,
    );
    assert.match(flips, /there is no one-field edit that shares it safely\./);
    // Handing the card to bob would flip it too, and is named as what it is.
    assert.match(flips, /Changing an owner would also do it \(owner user changed to bob\), but that hands the card to someone else; it is not sharing\.$/);

    // For bob/writer-v1, both AGENT and GLOBAL would reach him, and both are unsafe.
    await page.click('[data-view="bob/writer-v1"] [data-reach]');
    await page.waitForSelector('[data-panel="why"] [data-focus="bob/writer-v1"]');
    assert.match(
      await page.locator('[data-panel="why"] [data-flips]').textContent(),
      /^bob\/writer-v1 would read U only with scope set to AGENT, scope set to GLOBAL, but then it would be rejected .*there is no one-field edit that shares it safely\./,
    );

    // Clicking a card inside a view cell inspects that pair too.
    await page.click('[data-view="bob/writer-v1"] [data-card-id="A"] button');
    await page.waitForSelector('[data-panel="why"][data-why-card="A"] [data-focus="bob/writer-v1"]');
    assert.match(
      await page.locator('[data-panel="why"] [data-decision]').textContent(),
      /^A is an AGENT card of writer-v1: any user working with writer-v1 reads it; it also matches the query/,
    );
    assert.deepEqual(pageErrors(page), []);
  });
});
