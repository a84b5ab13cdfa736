// Shared steps of the lesson-3 journeys (this file holds no test): open a
// cell's prompt, set a prompt setting, read the prompt panel, diagnose.

import { waitUntil } from './harness.mjs';

/** Waits until lesson 3's panel is there (whatever page serves it). */
export async function waitLessonThree(page) {
  await page.waitForSelector('[data-panel="lesson"][data-lesson="3"]');
  // Attached: on a phone the prompt is a sheet, shown once a cell is chosen.
  await page.waitForSelector('[data-panel="prompt"][data-prompt]', { state: 'attached' });
}

/** Opens a cell's prompt by its bar in the chart and waits for the panel. */
export async function openPrompt(page, viewer) {
  await page.click(`[data-view="${viewer}"] [data-prompt-bar]`);
  await page.waitForSelector(`[data-panel="prompt"][data-prompt="${viewer}"]`);
}

/** The prompt panel as data: its viewer, layers, drops and metrics. */
export function promptOf(page) {
  return page.$eval('[data-panel="prompt"]', (panel) => {
    const ids = (sel) => [...panel.querySelectorAll(sel)].map((el) => el.getAttribute('data-loaded') ?? el.getAttribute('data-dropped'));
    const metric = (name, attr) => panel.querySelector(`[data-metric="${name}"]`)?.getAttribute(attr) ?? null;
    return {
      viewer: panel.getAttribute('data-prompt'),
      always: ids('[data-layer="always"] [data-loaded]'),
      retrieved: ids('[data-layer="retrieved"] [data-loaded]'),
      tool: ids('[data-layer="tool"] [data-dropped]'),
      loaded: ids('[data-loaded]'),
      dropped: Object.fromEntries([...panel.querySelectorAll('[data-dropped]')].map((el) => [el.getAttribute('data-dropped'), el.getAttribute('data-reason')])),
      tokens: Number(metric('tokens', 'data-tokens')),
      startup: Number(metric('startup', 'data-startup-tokens')),
      baseline: Number(metric('startup', 'data-baseline-tokens')),
      hit: metric('hit', 'data-hit-rate') === null ? null : Number(metric('hit', 'data-hit-rate')),
      stale: Number(metric('stale', 'data-stale-use')),
    };
  });
}

/** Waits until the open prompt (of `viewer`) has, or has not, loaded `id`. */
export async function waitLoaded(page, viewer, id, loaded = true) {
  await waitUntil(
    page,
    ([viewer, id, loaded]) => {
      const panel = document.querySelector(`[data-panel="prompt"][data-prompt="${viewer}"]`);
      return !!panel && !!panel.querySelector(`[data-loaded="${id}"]`) === loaded;
    },
    [viewer, id, loaded],
  );
}

/**
 * Types a value into one of the prompt settings' fields and leaves it (the
 * field commits on change), then waits until the field shows `expect`
 * (the work's value: the same when it was taken, the old one when not).
 */
export async function setField(page, name, value) {
  const field = page.locator(`[data-panel="prompt-settings"] input[name="${name}"]`);
  await field.fill(String(value));
  await field.press('Tab');
}

/** Chooses the card whose prompt keys the settings show. */
export async function chooseCard(page, id) {
  await page.selectOption('[data-panel="prompt-settings"] select[name="prompt-card"]', id);
  await page.waitForSelector(`[data-panel="prompt-settings"] [data-card-keys="${id}"]`);
}

/** The diagnosis shown: the card, where it stops, and each answer. */
export function diagnosisOf(page) {
  return page.$eval('[data-diagnosis]', (d) => ({
    card: d.getAttribute('data-diagnosis'),
    viewer: d.getAttribute('data-viewer'),
    stop: d.getAttribute('data-stop'),
    answers: [...d.querySelectorAll('[data-question]')].map((li) => [li.getAttribute('data-question'), li.getAttribute('data-answer')]),
    fix: d.querySelector('[data-fix]')?.textContent ?? '',
    text: d.textContent,
  }));
}

/** Diagnoses a card for a viewer with the mouse: the viewer's prompt, the card, Diagnose. */
export async function diagnose(page, viewer, card) {
  await page.selectOption('[data-panel="prompt"] select[name="prompt-viewer"]', viewer);
  await page.waitForSelector(`[data-panel="prompt"][data-prompt="${viewer}"]`);
  await page.selectOption('[data-panel="prompt"] select[name="diagnose-card"]', card);
  await page.click('[data-panel="prompt"] .diagnose-form [data-action="diagnose"]');
  await page.waitForSelector(`[data-diagnosis="${card}"][data-viewer="${viewer}"]`);
  return diagnosisOf(page);
}

/** Goes to a step of the lesson with its step button. */
export async function goToStep(page, n) {
  await page.click(`[data-panel="lesson"] .steps button:nth-child(${n})`);
  await waitUntil(page, (n) => document.querySelector('[data-panel="lesson"]')?.getAttribute('data-lesson-step') === String(n), n);
}
