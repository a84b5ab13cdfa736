// A work keeps its lesson wherever it goes: a lesson-2 share link opens as
// lesson 2 (before, it opened lesson 2's cards under lesson 1's exercises),
// a lesson-2 file picked in a lesson-1 tab opens as a lesson-2 work of its
// own, and a work opened from Recent work brings its own lesson. The work
// that was there stays in Recent work; nothing is lost.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allViews, cardRow, downloadText, importFile, openPage, openRecent, pageErrors, useBrowser, waitForNotice, waitForSavedWork, clickWork } from './harness.mjs';
import { lessonStatus } from './lesson2-helpers.mjs';

const env = useBrowser();

/** A lesson-1 work with Y approved, autosaved in this context. */
async function lessonOneWork(context) {
  const one = await openPage(context, env.server, 'lang=en');
  await cardRow(one, 'Y').locator('input[name="share_approved"]').check();
  await one.waitForSelector('[data-view="bob/checker-v1"] [data-card-id="Y"]');
  await waitForSavedWork(one, (work) => work.cards.some((c) => c.id === 'Y' && c.share_approved === true));
  return one;
}

test('a lesson-2 share link opens as lesson 2, and the learner\'s lesson-1 work stays in Recent work', async () => {
  const maker = await env.browser.newContext();
  let link, views;
  try {
    const two = await openPage(maker, env.server, 'lesson=2&lang=en');
    await two.waitForSelector('[data-panel="timeline"]');
    views = await allViews(two);
    await clickWork(two, '[data-action="share"]');
    link = await two.inputValue('input[name="share_link"]');
  } finally {
    await maker.close();
  }

  // A browser with nothing saved.
  const fresh = await env.browser.newContext();
  try {
    const page = await openPage(fresh, env.server, 'lang=en', new URL(link).hash);
    await page.waitForSelector('[data-panel="timeline"]');
    assert.equal((await lessonStatus(page)).lesson, '2');
    assert.deepEqual(await allViews(page), views);
  } finally {
    await fresh.close();
  }

  // A browser with lesson-1 work of its own.
  const context = await env.browser.newContext();
  try {
    (await lessonOneWork(context)).close();
    const page = await openPage(context, env.server, 'lang=en', new URL(link).hash);
    await page.waitForSelector('[data-panel="timeline"]');
    assert.deepEqual(await lessonStatus(page), { lesson: '2', step: '1', done: 'false', status: null });
    assert.match(await waitForNotice(page, 'info', 'a lesson 2 work'), /kept in Recent work/);
    // Undo never changes the lesson: the lesson-1 work is in Recent work.
    assert.equal(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled(), true);
    // The link's work is saved as lesson 2 before another work opens.
    await waitForSavedWork(page, (work) => work.playground?.course === '2');
    await openRecent(page, 'Work ·', /Lesson 2/);
    await page.waitForSelector('[data-view="bob/checker-v1"] [data-card-id="Y"]');
    assert.equal((await lessonStatus(page)).lesson, '1');
    assert.equal(await page.locator('[data-panel="timeline"]').count(), 0);
    // …and the lesson-2 work comes back from Recent work as lesson 2.
    await openRecent(page, 'Lesson 2 ·');
    await page.waitForSelector('[data-panel="timeline"]');
    assert.equal((await lessonStatus(page)).lesson, '2');
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});

test('a lesson-2 file picked in a lesson-1 tab opens as a lesson-2 work of its own', async () => {
  const context = await env.browser.newContext();
  try {
    const two = await openPage(context, env.server, 'lesson=2&lang=en');
    await two.waitForSelector('[data-panel="timeline"]');
    const views = await allViews(two);
    const file = await downloadText(two, '[data-action="export"]');
    assert.equal(JSON.parse(file.text).playground.course, '2');
    await two.close();

    const one = await openPage(context, env.server, 'lesson=1&lang=en');
    await cardRow(one, 'Y').locator('input[name="share_approved"]').check();
    await one.waitForSelector('[data-view="bob/checker-v1"] [data-card-id="Y"]');
    await importFile(one, 'class-lesson2.json', file.text);
    await one.waitForSelector('[data-panel="timeline"]');
    assert.equal((await lessonStatus(one)).lesson, '2');
    assert.deepEqual(await allViews(one), views);
    await waitForNotice(one, 'info', 'is still in Recent work');
    // The lesson-1 work, with its change, is one click away in Recent work
    // (once the imported work is saved as lesson 2).
    await waitForSavedWork(one, (work) => work.playground?.course === '2');
    await openRecent(one, 'Work ·', /Lesson 2|class-lesson2/);
    await one.waitForSelector('[data-view="bob/checker-v1"] [data-card-id="Y"]');
    assert.equal((await lessonStatus(one)).lesson, '1');
    // The imported work was saved under the file's name.
    assert.equal(await one.locator('[data-panel="recent"] li', { hasText: 'class-lesson2.json' }).count(), 1);
    assert.deepEqual(pageErrors(one), []);
  } finally {
    await context.close();
  }
});
