// Issue 50, item 2: Next and Previous go to the task. In every lesson, by
// mouse and by keyboard, the new exercise's title is brought into view and
// takes the focus, so its task is what is read next.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageErrors, useBrowser, waitUntil, withApp } from './harness.mjs';
import { waitLessonThree } from './lesson3-helpers.mjs';

const env = useBrowser();

// Named as the learner sees them (the build before this change had no
// hooks on them).
const nextButton = (page) => page.getByRole('button', { name: 'Next →', exact: true });
const previousButton = (page) => page.getByRole('button', { name: '← Previous', exact: true });

/** Waits until the lesson shows step `n` and the focus is on its title; returns where the title is. */
async function taskFocused(page, n) {
  await page.waitForSelector(`[data-panel="lesson"][data-lesson-step="${n}"]`);
  const seen = await waitUntil(page, () => {
    const el = document.activeElement;
    return el?.tagName === 'H3' && el.closest('[data-panel="lesson"]') !== null;
  }).then(
    () => null,
    () => page.evaluate(() => `${document.activeElement?.tagName}.${document.activeElement?.className} "${document.activeElement?.textContent?.slice(0, 40)}"`),
  );
  assert.equal(seen, null, `step ${n}: the focus is on ${seen}, not the new exercise's title`);
  return page.evaluate(() => {
    const el = document.activeElement;
    const r = el.getBoundingClientRect();
    const title = document.querySelector('[data-panel="lesson"] h3');
    return { top: r.top, bottom: r.bottom, height: innerHeight, same: el === title, text: el.textContent };
  });
}

function inView(where, what) {
  assert.ok(where.same, `${what}: the focus is on the exercise's title`);
  assert.ok(where.top >= 0 && where.bottom <= where.height, `${what}: the title is on screen (${Math.round(where.top)}..${Math.round(where.bottom)} of ${where.height})`);
}

test('lesson 3: answer exercise 3, Check, Next: the new task is on screen and has the focus; Previous by keyboard too', async () => {
  await withApp(env, 'lesson=3&step=3&lang=en', async (page) => {
    await waitLessonThree(page);
    // Answer the question (any option), check, and go on from where the
    // Next button is, below the fold.
    await page.locator('[data-panel="lesson"] .question input[type="radio"]').first().check();
    await page.click('[data-action="check-step"]');
    const next = nextButton(page);
    await next.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 300));
    await next.click();
    const four = await taskFocused(page, 4);
    inView(four, 'Next (mouse)');
    assert.match(four.text, /No stale memory/);

    // Keyboard: Previous, from the keyboard, after scrolling away.
    await previousButton(page).focus();
    await page.evaluate(() => window.scrollBy(0, 400));
    await page.keyboard.press('Enter');
    const three = await taskFocused(page, 3);
    inView(three, 'Previous (keyboard)');
    // And Next with the keyboard: Tab reaches the task's text after the title.
    await nextButton(page).focus();
    await page.keyboard.press('Enter');
    inView(await taskFocused(page, 4), 'Next (keyboard)');
    assert.deepEqual(pageErrors(page), []);
  });
});

for (const [lesson, step] of [[1, 1], [2, 1]]) {
  test(`lesson ${lesson}: Next and Previous, by mouse and keyboard, put the new task in view with the focus`, async () => {
    await withApp(env, `lesson=${lesson}&step=${step}&lang=en`, async (page) => {
      await page.waitForSelector(`[data-panel="lesson"][data-lesson="${lesson}"]`);
      await nextButton(page).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 600));
      await nextButton(page).click();
      inView(await taskFocused(page, step + 1), 'Next (mouse)');
      await nextButton(page).focus();
      await page.keyboard.press('Enter');
      inView(await taskFocused(page, step + 2), 'Next (keyboard)');
      await previousButton(page).focus();
      await page.keyboard.press('Space');
      inView(await taskFocused(page, step + 1), 'Previous (keyboard)');
      // The steps' toolbar keeps its arrow keys: the focus stays on the
      // step buttons there.
      await page.locator('[data-panel="lesson"] .steps button[aria-current="step"]').focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForSelector(`[data-panel="lesson"][data-lesson-step="${step + 2}"]`);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-step')), String(step + 2));
      assert.deepEqual(pageErrors(page), []);
    });
  });
}

test('classroom mode: the arrow keys step through the lesson and the new task takes the focus', async () => {
  await withApp(env, 'lesson=1&lang=en&classroom', async (page) => {
    await page.waitForSelector('[data-panel="lesson"][data-lesson-step="1"]');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    inView(await taskFocused(page, 2), 'classroom →');
    // From the title, the arrow keys go on.
    await page.keyboard.press('ArrowRight');
    inView(await taskFocused(page, 3), 'classroom → again');
    assert.deepEqual(pageErrors(page), []);
  });
});
