// Lesson 2, exercise 4 (forget me): delete U with a reason; the canary is
// in no cell and no log line; an earlier tick shows U as an id only. One
// wrong move first: a reason that quotes the card is refused.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, withApp } from './harness.mjs';
import { act, logLines, waitCell, waitDone } from './lesson2-helpers.mjs';

const env = useBrowser();

test('lesson 2, exercise 4: delete U, its canary is nowhere, the past shows a tombstone', async () => {
  await withApp(env, 'lesson=2&step=4&lang=en', async (page) => {
    await waitCell(page, 'alice/writer-v1', 'U');
    // The wrong move: a reason quoting the card's canary.
    await act(page, { actor: 'alice', card: 'U', action: 'delete', reason: 'remove FAKE-ALICE-731 please' });
    await page.waitForSelector('[data-panel="act"] [data-refusal="reason_quotes_card"]');
    await page.click('[data-action="check-step"]');
    await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"] [data-missing]');

    await act(page, { actor: 'alice', card: 'U', action: 'delete', reason: 'alice asked to be forgotten' });
    await waitCell(page, 'alice/writer-v1', 'U', false);
    const chart = await page.locator('#chart').textContent();
    assert.doesNotMatch(chart, /FAKE-ALICE-731/);
    const lines = await logLines(page);
    assert.ok(lines.some((l) => l.kind === 'delete' && l.card === 'U'));
    assert.ok(lines.every((l) => !/FAKE-ALICE-731|English\. /.test(l.text)), 'the log never holds the deleted text');
    assert.doesNotMatch(await page.locator('[data-panel="audit"]').textContent(), /FAKE-ALICE-731/);

    // An earlier tick: U is a tombstone there too.
    await page.click('[data-tick="0"]');
    await page.waitForSelector('[data-not-in-effect="U"]');
    assert.match(await page.locator('[data-not-in-effect="U"]').innerText(), /deleted/);
    await waitCell(page, 'alice/writer-v1', 'U', false);
    await waitDone(page);
    assert.deepEqual(pageErrors(page), []);
  });
});
