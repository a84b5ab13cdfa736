// A malformed import (not JSON, a JSON array, JSON of the wrong shape or
// wrong field types) leaves the work untouched and says what is wrong.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allViews, cardRow, importFile, pageErrors, useBrowser, waitForNotice, waitForViews, withApp } from './harness.mjs';

const env = useBrowser();

const cases = [
  ['not-json.json', 'users: alice, bob\ncards: P U A G', /this is not valid JSON \(line 1, column \d+/],
  ['truncated.json', '{"users": ["alice"], "cards": [{"id": "P"', /this is not valid JSON/],
  ['array.json', '[{"id": "P", "scope": "PAIR"}]', /the JSON is not shaped like a workspace/],
  ['string.json', '"hello"', /the JSON is not shaped like a workspace/],
  ['cards-object.json', '{"cards": {"id": "P"}}', /the JSON is not shaped like a workspace/],
  ['users-number.json', '{"users": 5, "cards": []}', /the JSON is not shaped like a workspace/],
  ['query-list.json', '{"query": ["報告"], "cards": []}', /the JSON is not shaped like a workspace/],
  ['empty.json', '', /this is not valid JSON/],
];

test('every malformed file is refused with a message and the views stay as they were', async () => {
  await withApp(env, 'lang=en', async (page) => {
    // Some work first, so "unchanged" is not just "the seed".
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await page.getByRole('button', { name: 'Delete (P)', exact: true }).click();
    const before = {
      'alice/writer-v1': ['U', 'A', 'G', 'Y'],
      'alice/checker-v1': ['U', 'G', 'Y'],
      'bob/writer-v1': ['A', 'G', 'B', 'Y'],
      'bob/checker-v1': ['G', 'B', 'Y'],
    };
    assert.deepEqual(await waitForViews(page, before), before);
    const editorBefore = await page.$$eval('tr[data-card]', (rows) => rows.map((r) => r.getAttribute('data-card')));

    for (const [name, text, message] of cases) {
      await importFile(page, name, text);
      const notice = await waitForNotice(page, 'error', `Couldn't load ${name}`);
      assert.match(notice, message, name);
      assert.match(notice, /Your current work is unchanged/, name);
      assert.deepEqual(await allViews(page), before, name);
      assert.deepEqual(await page.$$eval('tr[data-card]', (rows) => rows.map((r) => r.getAttribute('data-card'))), editorBefore, name);
      await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
      await page.waitForSelector('[data-notice]', { state: 'detached' });
    }

    // One undo still takes back the last real edit (the failed imports added no step).
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    assert.deepEqual(
      await waitForViews(page, { ...before, 'alice/writer-v1': ['P', 'U', 'A', 'G', 'Y'] }),
      { ...before, 'alice/writer-v1': ['P', 'U', 'A', 'G', 'Y'] },
    );
    assert.deepEqual(pageErrors(page), []);
  });
});

test('unknown fields are ignored and a mistyped card is kept but rejected', async () => {
  await withApp(env, 'lang=en', async (page) => {
    const workspace = {
      users: ['alice', 'bob'],
      agents: ['writer-v1'],
      query: '報告',
      canaries: {},
      future_field: { anything: true },
      cards: [
        { id: 'G', scope: 'GLOBAL', owner_user: 'alice', owner_agent: 'writer-v1', stream: 'reusable', share_approved: true, situation: '報告', lesson: 'g', colour: 'blue' },
        { id: 'T', scope: 'GLOBAL', owner_user: 'alice', owner_agent: 'writer-v1', stream: 'reusable', share_approved: 'yes', situation: '報告', lesson: 't' },
      ],
    };
    await importFile(page, 'odd.json', JSON.stringify(workspace));
    await waitForNotice(page, 'info', 'Loaded odd.json: 2 cards, 1 rejected');
    const expected = { 'alice/writer-v1': ['G'], 'bob/writer-v1': ['G'] };
    assert.deepEqual(await waitForViews(page, expected), expected);
    assert.match(await page.locator('[data-rejected="T"]').innerText(), /`share_approved` must be a boolean, but it is a string/);
    assert.deepEqual(pageErrors(page), []);
  });
});
