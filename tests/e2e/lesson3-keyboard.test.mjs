// Lesson 3 by keyboard alone: into the chart's grid, a cell's prompt bar
// opens its prompt in the inspector (which takes the focus), Tab to the
// diagnosis's card picker, choose a card with the arrow keys, Diagnose:
// the focus lands on the four answers; closing them brings it back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';
import { diagnosisOf, waitLessonThree } from './lesson3-helpers.mjs';

const env = useBrowser();

const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName ?? null,
      name: el?.getAttribute('name') ?? null,
      action: el?.getAttribute('data-action') ?? null,
      bar: el?.getAttribute('data-prompt-bar') ?? null,
      pos: el?.getAttribute('data-pos') ?? null,
      inPrompt: !!el?.closest('[data-panel="prompt"]'),
      inDiagnosis: !!el?.closest('[data-diagnosis]'),
    };
  });

/** Presses Tab until `holds(focused)`, at most `limit` times. */
async function tabTo(page, holds, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (holds(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached it; the focus is on ${JSON.stringify(await focused(page))}`);
}

test('lesson 3 by keyboard: open a cell\'s prompt, diagnose a card, close the diagnosis', async () => {
  await withApp(env, 'lesson=3&lang=en', async (page) => {
    await waitLessonThree(page);
    // Into the grid: its one tab stop is the first cell.
    await tabTo(page, (f) => f.pos === '0');
    await page.keyboard.press('ArrowRight');
    await waitUntil(page, () => document.activeElement?.getAttribute('data-pos') === '1');
    // Enter goes into the cell: its prompt bar first.
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.activeElement?.getAttribute('data-prompt-bar') === 'alice/checker-v1');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-panel="prompt"][data-prompt="alice/checker-v1"]');
    await waitUntil(page, () => document.activeElement?.closest('[data-panel="prompt"]') !== null);
    assert.equal(await page.getAttribute('[data-prompt-bar="alice/checker-v1"]', 'aria-pressed'), 'true');

    // Tab to the diagnosis's card picker; the arrow keys choose A.
    await tabTo(page, (f) => f.name === 'diagnose-card');
    for (let i = 0; i < 40 && (await page.inputValue('select[name="diagnose-card"]')) !== 'A'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    assert.equal(await page.inputValue('select[name="diagnose-card"]'), 'A');
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).action, 'diagnose');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-diagnosis="A"][data-viewer="alice/checker-v1"]');
    await waitUntil(page, () => document.activeElement?.closest('[data-diagnosis]') !== null);

    const d = await diagnosisOf(page);
    assert.equal(d.stop, 'retrievable');
    assert.deepEqual(d.answers, [['written', 'yes'], ['retrievable', 'no'], ['in_prompt', 'not_asked'], ['forgotten', 'no']]);
    assert.match(d.text, /Was it written\?/);
    assert.match(d.text, /Can it be retrieved\?/);
    assert.match(d.text, /Did it reach the prompt\?/);
    assert.match(d.text, /Was it forgotten\?/);
    assert.match(d.text, /The answer stops at: Can it be retrieved\?/);
    assert.match(d.fix, /^The boundary holds: this is the rules working/, 'another agent\'s card is the rules working, not a fault');
    assert.doesNotMatch(d.fix, /Smallest edit/);

    // Close: the diagnosis goes, the focus is back on the picker.
    await tabTo(page, (f) => f.action === 'close-diagnosis');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-diagnosis]', { state: 'detached' });
    await waitUntil(page, () => document.activeElement?.getAttribute('name') === 'diagnose-card');
    assert.deepEqual(pageErrors(page), []);
  });
});
