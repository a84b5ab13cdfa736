// Two tabs of one browser never overwrite each other's work: each work has
// its own slot and revision; a tab whose work another tab saved first keeps
// its changes as a separate copy, and both tabs say so in words. A close
// right after an edit keeps the edit, even on a big workspace.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, openApp, openPage, openRecent, pageErrors, savedWork, useBrowser, viewIds, waitForNotice, waitUntil, waitForSavedWork, openWork } from './harness.mjs';

const env = useBrowser();

const approved = (page, id) => cardRow(page, id).locator('input[name="share_approved"]').isChecked();
const lesson = (page, id) => cardRow(page, id).locator('textarea[name="lesson"]').inputValue();

test('tab B’s edit after tab A saved goes to a copy; A keeps its edit and is told', async () => {
  const a = await openApp(env.browser, env.server, 'lang=en');
  const context = a.context();
  try {
    const b = await openPage(context, env.server, 'lang=en');
    const gBefore = await lesson(a, 'G');
    // 1. Tab A approves Y and saves.
    await cardRow(a, 'Y').locator('input[name="share_approved"]').check();
    // Tab B hears of it at once: its next change will not overwrite A's.
    await waitForNotice(b, 'error', 'was just saved in another tab');
    // 2. Tab B, still showing the seed, edits G's lesson and leaves the field.
    await cardRow(b, 'G').locator('textarea[name="lesson"]').fill('B’s own lesson for G');
    await cardRow(b, 'G').locator('textarea[name="lesson"]').press('Tab');
    const forked = await waitForNotice(b, 'error', 'changes are kept as');
    // 3. Reload tab A: its edit is there, and it says where B's went.
    await a.reload();
    await a.waitForSelector('[data-view]');
    assert.equal(await approved(a, 'Y'), true, 'tab A’s edit survived');
    assert.equal(await lesson(a, 'G'), gBefore, 'tab B did not overwrite A');
    const told = await waitForNotice(a, 'error', 'in another tab were kept as a separate copy');
    const copyName = told.match(/copy: (.+?)\. Open Recent work/)[1];
    assert.ok(forked.includes(copyName), `${forked} names ${copyName}`);
    // Both edits are recoverable: B's copy is two clicks away in tab A.
    await openRecent(a, copyName);
    await waitUntil(a, () => document.querySelector('tr[data-card="G"] textarea[name="lesson"]')?.value === 'B’s own lesson for G');
    assert.equal(await approved(a, 'Y'), false, 'B’s copy was made from the seed');
    // And A's own version is still there, two clicks away.
    await waitForNotice(a, 'info', 'is still in Recent work');
    const own = await a.locator('[data-panel="recent"] li[data-current="false"] strong').first().textContent();
    await openRecent(a, own);
    await waitUntil(a, () => document.querySelector('tr[data-card="Y"] input[name="share_approved"]')?.checked === true);
    assert.deepEqual(pageErrors(a), []);
    assert.deepEqual(pageErrors(b), []);
  } finally {
    await context.close();
  }
});

test('editing in both tabs, then reloading each, loses nothing', async () => {
  const a = await openApp(env.browser, env.server, 'lang=en');
  const context = a.context();
  try {
    const b = await openPage(context, env.server, 'lang=en');
    await cardRow(a, 'Y').locator('input[name="share_approved"]').check();
    await waitForNotice(b, 'error', 'was just saved in another tab');
    await cardRow(b, 'A').locator('input[name="share_approved"]').uncheck();
    await waitForNotice(b, 'error', 'changes are kept as');
    // More edits on both sides after the fork go to each tab's own work.
    await cardRow(a, 'X').locator('select[name="stream"]').selectOption('reusable');
    await cardRow(b, 'P').locator('textarea[name="lesson"]').fill('報告 only from B');
    await cardRow(b, 'P').locator('textarea[name="lesson"]').press('Tab');
    await waitForSavedWork(a, (work) => work.cards.some((c) => c.id === 'X' && c.stream === 'reusable'));
    await waitForSavedWork(b, (work) => work.cards.some((c) => c.id === 'P' && c.lesson === '報告 only from B'));
    await a.reload();
    await b.reload();
    await a.waitForSelector('[data-view]');
    await b.waitForSelector('[data-view]');
    assert.equal(await approved(a, 'Y'), true);
    assert.equal(await cardRow(a, 'X').locator('select[name="stream"]').inputValue(), 'reusable');
    assert.equal(await approved(a, 'A'), true, 'B’s change stayed in B’s copy');
    assert.equal(await approved(b, 'A'), false);
    assert.equal(await lesson(b, 'P'), '報告 only from B');
    assert.equal(await approved(b, 'Y'), false, 'A’s change stayed in A’s work');
    // Recent work lists both, each tab marking its own.
    await openWork(a);
    await a.locator('[data-panel="recent"] summary').click();
    await a.waitForSelector('[data-panel="recent"] li');
    assert.equal(await a.locator('[data-panel="recent"] li').count(), 2);
    assert.equal(await a.locator('[data-panel="recent"] li[data-current="true"]').count(), 1);
    assert.deepEqual(pageErrors(a), []);
    assert.deepEqual(pageErrors(b), []);
  } finally {
    await context.close();
  }
});

test('closing a tab right after an edit on a 5,000-card workspace keeps the edit', { timeout: 180_000 }, async () => {
  const a = await openApp(env.browser, env.server, 'lang=en');
  const context = a.context();
  try {
    const cards = Array.from({ length: 5000 }, (_, i) => ({
      id: `C${i}`, scope: i % 2 ? 'USER' : 'GLOBAL', owner_user: i % 3 ? 'alice' : 'bob', owner_agent: 'writer-v1',
      stream: 'reusable', share_approved: i % 5 !== 0, situation: '報告', lesson: `第 ${i} 張`, source: 'big',
    }));
    const text = JSON.stringify({ users: ['alice', 'bob'], agents: ['writer-v1', 'checker-v1'], query: '報告', cards });
    await a.setInputFiles('input[name="import"]', { name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await waitForNotice(a, 'info', 'big.json', { timeout: 60_000 });
    await waitForSavedWork(a, (work) => work.cards.length === 5000, null, { timeout: 60_000 });
    // The edit, then close at once: no time for the autosave's pause.
    await cardRow(a, 'C0').locator('input[name="share_approved"]').uncheck();
    await a.close({ runBeforeUnload: true });
    const again = await openPage(context, env.server, 'lang=en');
    await again.waitForSelector('tr[data-card="C0"]', { timeout: 60_000 });
    assert.equal(await approved(again, 'C0'), false, 'the edit made just before closing was saved');
    assert.equal(await again.locator('tr[data-card]').count() > 0, true);
    assert.deepEqual(pageErrors(again), []);
  } finally {
    await context.close();
  }
});

test('Recent work keeps at most 20 works, never the one in use, and says what went', { timeout: 120_000 }, async () => {
  const a = await openApp(env.browser, env.server, 'lang=en');
  const context = a.context();
  try {
    await cardRow(a, 'Y').locator('input[name="share_approved"]').check();
    await waitForSavedWork(a, (work) => work.cards.some((c) => c.id === 'Y' && c.share_approved === true));
    // Fill storage with 20 other works, saved earlier than this one.
    await a.evaluate(() => {
      const index = JSON.parse(localStorage.getItem('mixua-playground/v2/works'));
      const slot = localStorage.getItem(`mixua-playground/v2/work/${index.works[0].id}`);
      for (let n = 0; n < 20; n += 1) {
        const id = `old${n}`;
        index.works.push({ id, name: `Old ${n}`, saved_at: 1000 - n, cards: 7, rev: 1 });
        localStorage.setItem(`mixua-playground/v2/work/${id}`, slot);
      }
      localStorage.setItem('mixua-playground/v2/works', JSON.stringify(index));
    });
    await cardRow(a, 'G').locator('textarea[name="lesson"]').fill('one more change');
    await cardRow(a, 'G').locator('textarea[name="lesson"]').press('Tab');
    const notice = await waitForNotice(a, 'info', 'The browser keeps 20 works');
    assert.match(notice, /Old 19/, 'the oldest went first');
    const left = await a.evaluate(() => JSON.parse(localStorage.getItem('mixua-playground/v2/works')).works.map((w) => w.id));
    assert.equal(left.length, 20);
    assert.equal(left.includes('old19'), false);
    assert.equal(await a.evaluate(() => localStorage.getItem('mixua-playground/v2/work/old19')), null, 'its slot is freed');
    assert.deepEqual(pageErrors(a), []);
  } finally {
    await context.close();
  }
});

test('work saved before works had slots is brought over once', async () => {
  const context = await env.browser.newContext();
  try {
    // The old single-slot save: one card, in English, at step 3.
    const oldSave = {
      users: ['alice', 'bob'], agents: ['writer-v1', 'checker-v1'], query: '報告',
      canaries: { alice: ['FAKE-ALICE-731'], bob: ['FAKE-BOB-852'] },
      cards: [{ id: 'P', scope: 'PAIR', owner_user: 'alice', owner_agent: 'writer-v1', stream: 'protected',
        share_approved: false, situation: '報告', lesson: '報告請只回三行。', source: 's' }],
      playground: { lang: 'en', lesson_step: 2 },
    };
    await context.addInitScript((text) => {
      if (!localStorage.getItem('mixua-playground/v2/works')) localStorage.setItem('mixua-playground/v1', text);
    }, JSON.stringify(oldSave));
    const page = await openPage(context, env.server, '');
    assert.deepEqual(await viewIds(page, 'alice/writer-v1'), ['P']);
    assert.equal(await page.getAttribute('[data-panel="lesson"]', 'data-lesson-step'), '3');
    await waitUntil(page, () => localStorage.getItem('mixua-playground/v1') === null);
    assert.match(await savedWork(page), /"lesson":"報告請只回三行。"/);
    assert.deepEqual(pageErrors(page), []);
  } finally {
    await context.close();
  }
});
