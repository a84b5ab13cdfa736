// Issue 15: beyond canaries. Approving Y raises no leak alarm, but the
// re-identification probe marks alice in bob's two cells (not in hers);
// rewriting Y until the probe is clean finishes exercise 7. "What do you
// keep about me?" for alice lists her six cards, marks U and X as carrying
// her canary and Y as identifying her; export and delete work; axe stays
// clean with the panel open; both languages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  axeScan,
  cardRow,
  downloadText,
  formatViolations,
  pageErrors,
  useBrowser,
  waitUntil,
  withApp,
} from './harness.mjs';

const env = useBrowser();

/** `{ viewer: [user, ...] }` of the `[data-reid]` marks in every cell. */
const marks = (page) =>
  page.$$eval('[data-view]', (cells) =>
    Object.fromEntries(
      cells.map((c) => [c.getAttribute('data-view'), Array.from(c.querySelectorAll('[data-reid]'), (m) => m.getAttribute('data-user'))]),
    ),
  );

const BOB_FLAGS_ALICE = {
  'alice/writer-v1': [],
  'alice/checker-v1': [],
  'bob/writer-v1': ['alice'],
  'bob/checker-v1': ['alice'],
};
const CLEAN = { 'alice/writer-v1': [], 'alice/checker-v1': [], 'bob/writer-v1': [], 'bob/checker-v1': [] };

async function waitForMarks(page, expected) {
  await waitUntil(
    page,
    (want) => {
      const seen = Object.fromEntries(
        Array.from(document.querySelectorAll('[data-view]'), (c) => [
          c.getAttribute('data-view'),
          Array.from(c.querySelectorAll('[data-reid]'), (m) => m.getAttribute('data-user')),
        ]),
      );
      return JSON.stringify(seen) === want;
    },
    JSON.stringify(expected),
  ).catch((error) => {
    if (!/Timeout/i.test(error.message)) throw error;
  });
  return marks(page);
}

const checklist = (page) =>
  page.$$eval('[data-panel="lesson"] .checklist li', (lis) => lis.map((li) => li.getAttribute('data-done')));

for (const [lang, clue, clean, why] of [
  ['en', 'Report: someone on Tuesdays likes blue.', 'Report: prefer blue.', /“Tuesday” \+ “polar researcher”: only alice matches/],
  ['zh-TW', '報告:週二的人偏好藍色。', '報告:偏好藍色。', /「週二」 \+ 「極地研究員」:只有 alice 符合/],
]) {
  test(`exercise 7 (${lang}): approve Y, the probe marks alice in bob's cells only; rewrite Y until clean`, async () => {
    await withApp(env, `lang=${lang}&step=7`, async (page) => {
      await page.waitForSelector('[data-panel="lesson"][data-lesson-step="7"]');
      assert.deepEqual(await marks(page), CLEAN);

      await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
      assert.deepEqual(await waitForMarks(page, BOB_FLAGS_ALICE), BOB_FLAGS_ALICE);
      // No canary alarm: a guess of an identity is not a leak of a secret,
      // and the two marks look different (icon and words).
      assert.equal(await page.locator('[data-view] [data-leak]').count(), 0);
      const mark = page.locator('[data-view="bob/writer-v1"] [data-reid]');
      assert.equal(await mark.getAttribute('data-card'), 'Y');
      assert.match(await mark.innerText(), /◎/);
      assert.match(await mark.innerText(), why);
      assert.doesNotMatch(await mark.innerText(), /⚠/);
      assert.equal(await mark.evaluate((el) => el.classList.contains('leak')), false);
      await page.screenshot({ path: `/tmp/reid-chart-${lang}.png` });

      // The why panel names the facts.
      await page.locator('[data-view="bob/checker-v1"] [data-card-id="Y"] button').click();
      await page.waitForSelector('[data-panel="why"] [data-focus="bob/checker-v1"] [data-reid-facts]');
      const facts = await page.getAttribute('[data-panel="why"] [data-reid-facts]', 'data-reid-facts');
      assert.deepEqual(facts.split('|').sort(), (lang === 'en' ? ['Tuesday', 'polar researcher'] : ['週二', '極地研究員']).sort());

      // The third scorecard: two (viewer, card) pairs under four scopes.
      assert.equal(await page.getAttribute('[data-panel="compare"] [data-score="FourScope"] [data-identifying]', 'data-identifying'), '2');

      // The first item ticks; the step is not done while Y identifies alice.
      await waitUntil(page, () => document.querySelector('[data-panel="lesson"] .checklist li')?.getAttribute('data-done') === 'true');
      assert.equal(await page.getAttribute('[data-panel="lesson"]', 'data-step-done'), 'false');

      // One clue left (alice's weekday, hers alone) still singles her out.
      await cardRow(page, 'Y').locator('[name="lesson"]').fill(clue);
      assert.deepEqual(await waitForMarks(page, BOB_FLAGS_ALICE), BOB_FLAGS_ALICE);
      assert.equal(await page.getAttribute('[data-panel="lesson"]', 'data-step-done'), 'false');

      // Checking now lists what is missing.
      await page.click('[data-panel="lesson"] [data-action="check-step"]');
      await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"] [data-missing]');

      // Clean, and still read by everyone: done.
      await cardRow(page, 'Y').locator('[name="lesson"]').fill(clean);
      assert.deepEqual(await waitForMarks(page, CLEAN), CLEAN);
      await page.waitForSelector('[data-panel="lesson"][data-step-done="true"]');
      assert.deepEqual(await checklist(page), ['true', 'true', 'true']);
      assert.equal(await page.locator('[data-view] [data-card-id="Y"]').count(), 4);
      assert.equal(await page.getAttribute('[data-panel="compare"] [data-score="FourScope"] [data-identifying]', 'data-identifying'), '0');
      assert.deepEqual(pageErrors(page), []);
    });
  });
}

test('a third user: a fact bob shares with alice narrows the guess to two people (k = 2), no re-identification', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.fill('input[name="new_user"]', 'carol');
    await page.press('input[name="new_user"]', 'Enter');
    await page.waitForSelector('[data-view="carol/writer-v1"]');
    await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
    await page.waitForSelector('[data-view="carol/writer-v1"] [data-reid][data-user="alice"]');
    const bob = page.locator('[data-profile="bob"]');
    for (const [key, value] of [['role', 'polar researcher'], ['day', 'Tuesday']]) {
      await bob.locator('input[name="profile_key"]').fill(key);
      await bob.locator('input[name="profile_value"]').fill(value);
      await bob.locator('input[name="profile_value"]').press('Enter');
    }
    await waitUntil(page, () => document.querySelectorAll('[data-view="carol/writer-v1"] [data-reid]').length === 0);
    const narrowed = page.locator('[data-view="carol/writer-v1"] [data-narrowed]');
    assert.equal(await narrowed.count(), 2);
    assert.equal(await narrowed.first().getAttribute('data-k'), '2');
    assert.match(await narrowed.first().innerText(), /2 users match \(alice, bob\)/);
    // Removing bob's job brings the re-identification back for carol.
    await bob.locator('[data-fact="role"] button').click();
    await page.waitForSelector('[data-view="carol/writer-v1"] [data-reid][data-user="alice"]');
    assert.deepEqual(pageErrors(page), []);
  });
});

for (const lang of ['en', 'zh-TW']) {
  test(`what do you keep about me (${lang}): alice's six cards, her canary cards, Y identifying her; export, delete, axe`, async () => {
    await withApp(env, `lang=${lang}`, async (page) => {
      assert.equal(await page.locator('[data-panel="about-me"]').count(), 0);
      await page.click('[data-action="about-me"][data-user="alice"]');
      const panel = page.locator('[data-panel="about-me"]');
      await panel.waitFor();
      assert.equal(await panel.getAttribute('data-about-user'), 'alice');
      assert.match(await panel.locator('h2').innerText(), lang === 'en' ? /What do you keep about me\?/ : /記了我什麼?/);

      const owned = await panel.locator('[data-about-owned]').evaluateAll((rows) =>
        rows.map((r) => [r.getAttribute('data-about-owned'), r.getAttribute('data-carries-canary'), r.getAttribute('data-identifies')]),
      );
      assert.deepEqual(owned, [
        ['P', null, null],
        ['U', 'FAKE-ALICE-731', null],
        ['A', null, null],
        ['G', null, null],
        ['X', 'FAKE-ALICE-731', null],
        ['Y', null, 'alice'],
      ]);
      assert.deepEqual(await panel.locator('[data-about-canary]').evaluateAll((l) => l.map((e) => e.getAttribute('data-about-canary'))), ['U', 'X']);
      assert.equal(await panel.locator('[data-about-linked="Y"][data-kind="reidentification"]').count(), 1);
      // Who reads each: P only alice with writer-v1; Y nobody (not approved).
      assert.match(await panel.locator('[data-about-owned="P"]').innerText(), /alice\/writer-v1/);
      assert.match(await panel.locator('[data-about-owned="Y"]').innerText(), lang === 'en' ? /read by nobody/ : /沒有人讀得到/);
      // Cards without a life over time show no status: X, rejected, never reads "accepted".
      assert.doesNotMatch(await panel.locator('[data-about-owned="X"]').innerText(), lang === 'en' ? /accepted/ : /已接受/);

      const violations = await axeScan(page);
      assert.deepEqual(violations, [], formatViolations(violations));
      if (lang === 'en') await page.screenshot({ path: '/tmp/reid-about-me.png', fullPage: false });

      // Export: JSON of just those entries.
      const { name, text } = await downloadText(page, '[data-action="about-export"]');
      assert.equal(name, 'about-alice.json');
      const exported = JSON.parse(text);
      assert.equal(exported.user, 'alice');
      assert.deepEqual(exported.owned.map((o) => o.id), ['P', 'U', 'A', 'G', 'X', 'Y']);
      assert.deepEqual(exported.canaries.map((c) => c.id), ['U', 'X']);
      assert.deepEqual(exported.linked.map((l) => [l.card, l.kind]), [['Y', 'reidentification']]);
      assert.equal(exported.cards, undefined, 'just the entries, not the workspace');

      // Acting as bob, picked from the chart's users.
      await panel.locator('select[name="about_user"]').selectOption('bob');
      await page.waitForSelector('[data-panel="about-me"][data-about-user="bob"]');
      assert.deepEqual(await panel.locator('[data-about-owned]').evaluateAll((r) => r.map((e) => e.getAttribute('data-about-owned'))), ['B']);
      await panel.locator('select[name="about_user"]').selectOption('alice');
      await page.waitForSelector('[data-panel="about-me"][data-about-user="alice"]');

      // Delete Y (the editor's delete): gone from the list and the editor.
      await panel.locator('[data-about-owned="Y"] [data-action="about-delete"]').click();
      await waitUntil(page, () => !document.querySelector('[data-about-owned="Y"]'));
      assert.equal(await cardRow(page, 'Y').count(), 0);
      assert.equal(await panel.locator('[data-about-linked]').count(), 0);
      assert.deepEqual(pageErrors(page), []);
    });
  });
}

test('in a work with a timeline (lesson 2), about-me deletes through the write path: a reason first, then a tombstone and a delete logged as alice', async () => {
  await withApp(env, 'lesson=2&lang=en', async (page) => {
    await page.click('[data-action="about-me"][data-user="alice"]');
    const panel = page.locator('[data-panel="about-me"]');
    await panel.waitFor();
    // Her candidate is listed with the rest of what is kept about her.
    assert.equal(await panel.locator('[data-about-kept="candidate"][data-card="A"]').count(), 1);
    const del = panel.locator('[data-about-owned="U"] [data-action="about-delete"]');
    assert.equal(await del.isDisabled(), true, 'no reason, no delete');
    await panel.locator('textarea[name="about_reason"]').fill('alice asked to be forgotten');
    await waitUntil(page, () => !document.querySelector('[data-about-owned="U"] [data-action="about-delete"]').disabled);
    await del.click();
    // U is now an id-only tombstone, with nothing left to delete.
    await panel.locator('[data-about-kept="tombstone"][data-card="U"]').waitFor();
    assert.equal(await panel.locator('[data-about-kept="tombstone"][data-card="U"] [data-action="about-delete"]').count(), 0);
    // The write path logged it as alice's delete, with no text of the card.
    const logged = page.locator('[data-panel="audit"] [data-event][data-kind="delete"][data-actor="alice"]');
    await logged.first().waitFor();
    assert.doesNotMatch(await logged.first().textContent(), /FAKE-ALICE-731/);
    const cells = await page.locator('#app [data-view]').evaluateAll((c) => c.map((e) => e.textContent));
    assert.ok(cells.every((t) => !t.includes('FAKE-ALICE-731')), 'her canary is in no view');
    const violations = await axeScan(page);
    assert.deepEqual(violations, [], formatViolations(violations));
    assert.deepEqual(pageErrors(page), []);
  });
});
