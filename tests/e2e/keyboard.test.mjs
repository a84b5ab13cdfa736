// Keyboard only: Tab reaches the query box and every control of an editor
// row, with a visible focus ring; Space on a checkbox edits; Enter in the
// new-user box adds the user.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_VIEWS, pageErrors, useBrowser, waitForViews, withApp } from './harness.mjs';

const env = useBrowser();

/** What has focus: tag, name, aria-label, the editor row it is in, and whether its focus ring shows. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      name: el.getAttribute('name'),
      label: el.getAttribute('aria-label'),
      card: el.closest('tr[data-card]')?.getAttribute('data-card') ?? null,
      ring: el.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
    };
  });
}

/** Presses Tab until `want(focus)` holds; returns the focus, or fails after `limit` presses. */
async function tabTo(page, want, what, limit = 400) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await focused(page);
    if (focus && want(focus)) return focus;
  }
  assert.fail(`Tab never reached ${what} in ${limit} presses`);
}

test('Tab reaches the query box and every control of Y’s editor row, focus visible', async () => {
  await withApp(env, 'lang=en', async (page) => {
    const query = await tabTo(page, (f) => f.name === 'query', 'the query input');
    assert.equal(query.ring, true, 'the query box shows a focus ring');

    const controls = ['id', 'scope', 'owner_user', 'owner_agent', 'stream', 'share_approved', 'situation', 'lesson'];
    const seen = [];
    let focus = await tabTo(page, (f) => f.card === 'Y', 'the first control of Y’s row');
    for (;;) {
      if (focus.name) {
        seen.push(focus.name);
        assert.equal(focus.ring, true, `Y’s ${focus.name} shows a focus ring`);
      }
      if (focus.name === 'share_approved') {
        // Operable by keyboard: Space ticks it and Y reaches everyone.
        await page.keyboard.press('Space');
        const expected = Object.fromEntries(Object.entries(SEED_VIEWS).map(([v, ids]) => [v, [...ids, 'Y']]));
        assert.deepEqual(await waitForViews(page, expected), expected);
      }
      if (focus.label === 'Delete (Y)') break;
      await page.keyboard.press('Tab');
      focus = await focused(page);
      assert.equal(focus?.card, 'Y', 'Tab walks Y’s row in order');
    }
    assert.deepEqual(seen, controls);
    assert.deepEqual(pageErrors(page), []);
  });
});

test('Enter in the new-user box adds the user', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await tabTo(page, (f) => f.name === 'new_user', 'the new-user input');
    await page.keyboard.type('carol');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-view="carol/writer-v1"]');
    assert.equal(await page.locator('[data-view^="carol/"]').count(), 2);
    // The box clears and keeps focus, ready for the next name.
    assert.equal(await page.inputValue('input[name="new_user"]'), '');
    assert.equal((await focused(page))?.name, 'new_user');
    assert.deepEqual(pageErrors(page), []);
  });
});
