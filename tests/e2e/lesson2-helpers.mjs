// Shared steps of the lesson-2 journeys (this file holds no test): act as
// someone through the "Act as" panel, read the lesson's status, read the log.

import { waitUntil } from './harness.mjs';

/** Chooses who acts and which card, types a reason, and presses an act's button (if one is named). */
export async function act(page, { actor, card, action, reason, draft }) {
  if (actor !== undefined) await page.selectOption('select[name="actor"]', actor);
  if (card !== undefined) {
    const value = await page.$$eval(
      'select[name="act-card"] option',
      (options, id) => options.find((o) => o.textContent === id || o.textContent.startsWith(`${id} ·`))?.value ?? null,
      card,
    );
    if (value === null) throw new Error(`no card ${card} to act on`);
    await page.selectOption('select[name="act-card"]', value);
  }
  if (draft !== undefined) await page.selectOption('select[name="draft"]', draft);
  if (reason !== undefined) await page.fill('textarea[name="reason"]', reason);
  if (action !== undefined) await page.click(`[data-panel="act"] [data-action="${action}"]`);
}

/**
 * In a panel that changes who can read what (groups, retention, cache):
 * chooses who acts and types the reason its event keeps.
 */
export async function actIn(page, panel, { actor, reason }) {
  if (actor !== undefined) await page.selectOption(`[data-panel="${panel}"] select[name="panel-actor"]`, actor);
  if (reason !== undefined) await page.fill(`[data-panel="${panel}"] input[name="panel-reason"]`, reason);
}

/**
 * Clicks a checkbox of such a panel and waits until it shows `checked`: the
 * box shows the setting, so it changes only when the write path allowed it.
 */
export async function tick(page, selector, checked) {
  await page.click(selector);
  await page.waitForSelector(`${selector}${checked ? ':checked' : ':not(:checked)'}`);
}

/** The refusal shown beside the act buttons: its code and words, or null. */
export async function refusal(page) {
  const el = await page.$('[data-panel="act"] [data-refusal]');
  return el ? { code: await el.getAttribute('data-refusal'), text: await el.innerText() } : null;
}

/** The lesson panel's step, whether it is done, and its status line. */
export function lessonStatus(page) {
  return page.$eval('[data-panel="lesson"]', (el) => ({
    lesson: el.getAttribute('data-lesson'),
    step: el.getAttribute('data-lesson-step'),
    done: el.getAttribute('data-step-done'),
    status: el.querySelector('[data-step-status]')?.getAttribute('data-step-status') ?? null,
  }));
}

/** Waits until the lesson panel says the step is done. */
export async function waitDone(page) {
  await page.waitForSelector('[data-panel="lesson"][data-step-done="true"] [data-step-status="done"]');
}

/**
 * Presses "Check my work" (what is still missing shows, no hint), then asks
 * for the first hint and returns it.
 */
export async function missAndHint(page) {
  await page.click('[data-action="check-step"]');
  await page.waitForSelector('[data-panel="lesson"] [data-step-status="missing"] [data-missing]');
  if (await page.locator('[data-panel="lesson"] [data-hint]').count() !== 0) throw new Error('a failed check showed a hint');
  await page.click('[data-action="next-hint"]');
  await page.waitForSelector('[data-panel="lesson"] [data-step-status="hint"] [data-hint="1"]');
  return page.locator('[data-step-status="hint"]').innerText();
}

/** The log lines: kind, actor, card and words. */
export function logLines(page) {
  return page.$$eval('[data-panel="audit"] [data-event]', (lines) =>
    lines.map((li) => ({
      kind: li.getAttribute('data-kind'),
      actor: li.getAttribute('data-actor'),
      card: li.getAttribute('data-card'),
      text: li.textContent,
    })),
  );
}

/** Waits until a viewer's cell holds (or lacks) a card. */
export async function waitCell(page, viewer, id, present = true) {
  await waitUntil(
    page,
    ([v, c, p]) => !!document.querySelector(`[data-view="${v}"] [data-card-id="${c}"]`) === p,
    [viewer, id, present],
  );
}
