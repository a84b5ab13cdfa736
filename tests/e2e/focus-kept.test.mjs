// Issue 14, bug 5: choosing a step or answering a quiz with the keyboard
// keeps the focus where it was; in classroom mode → then moves one step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, waitUntil, withApp } from './harness.mjs';

const env = useBrowser();

const focused = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return `${el.tagName} ${el.getAttribute('aria-label') ?? el.getAttribute('name') ?? ''} ${el.getAttribute('value') ?? ''}`.trim();
});
const step = (page) => page.getAttribute('[data-panel="lesson"]', 'data-lesson-step');

test('a step chosen with Enter keeps the focus on its button', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.getByRole('button', { name: 'Step 2', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"]').getAttribute('data-lesson-step') === '2');
    assert.equal(await focused(page), 'BUTTON Step 2');
  });
});

test('a quiz answered with the keyboard keeps the focus on the answer', async () => {
  await withApp(env, 'lang=en&step=2', async (page) => {
    await page.focus('input[name="answer-1"][value="0"]');
    await page.keyboard.press('Space');
    await page.waitForSelector('[data-step-status="missing"]');
    assert.equal(await focused(page), 'INPUT answer-1 0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('.takeaway');
    assert.equal(await focused(page), 'INPUT answer-1 2');
  });
});

test('classroom: after choosing a step, → moves exactly one step', async () => {
  await withApp(env, 'lang=en&classroom', async (page) => {
    await page.getByRole('button', { name: 'Step 2', exact: true }).focus();
    await page.keyboard.press('Enter');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"]').getAttribute('data-lesson-step') === '2');
    assert.equal(await focused(page), 'BUTTON Step 2');
    await page.keyboard.press('ArrowRight');
    await waitUntil(page, () => document.querySelector('[data-panel="lesson"]').getAttribute('data-lesson-step') !== '2');
    assert.equal(await step(page), '3');
    assert.notEqual(await focused(page), 'BODY');
  });
});
