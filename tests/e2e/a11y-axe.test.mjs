// The axe-core scan reports no serious or critical violation: on first load
// (in both languages), in predict mode, after reveal, and with a card
// selected (reach marks, the why panel and the scope legend showing).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeScan, formatViolations, openApp, useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

async function assertClean(page, what) {
  const violations = await axeScan(page);
  assert.equal(violations.length, 0, `${what}:\n${formatViolations(violations)}`);
}

test('axe: first load, English', async () => {
  await withApp(env, 'lang=en', (page) => assertClean(page, 'first load (en)'));
});

test('axe: first load, 繁體中文', async () => {
  await withApp(env, 'lang=zh-TW', async (page) => {
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-TW');
    await assertClean(page, 'first load (zh-TW)');
  });
});

test('axe: predict mode, then revealed', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.click('[data-action="predict-mode"]');
    await page.waitForSelector('[data-view="alice/writer-v1"] input[name="predict"]');
    await page.check('[data-view="alice/writer-v1"] input[name="predict"][value="P"]');
    await assertClean(page, 'predict mode');
    await page.click('[data-action="reveal"]');
    await page.waitForSelector('[data-grade]');
    await assertClean(page, 'revealed');
  });
});

test('axe: a card selected and a viewer inspected', async () => {
  await withApp(env, 'lang=en', async (page) => {
    await page.click('[data-view="bob/writer-v1"] [data-card-id="A"] button');
    await page.waitForSelector('[data-panel="why"] [data-decision]');
    await page.waitForSelector('[data-reach]');
    await assertClean(page, 'card A selected, bob/writer-v1 inspected');
  });
});

test('axe: classroom mode with a card open beside the chart (issue 14)', async () => {
  await withApp(env, 'lang=en&classroom', async (page) => {
    await page.click('[data-view="alice/writer-v1"] [data-card-id="U"] button');
    await page.waitForSelector('[data-inspector="U"]');
    await assertClean(page, 'classroom, card U open');
    await page.click('.files-menu summary');
    await assertClean(page, 'classroom, files menu open');
  });
});

test('axe: exercise 6 with its before/after record (issue 14)', async () => {
  await withApp(env, 'lang=zh-TW&step=6', async (page) => {
    await page.click('[data-action="record"]');
    await page.waitForSelector('.record-table');
    await assertClean(page, 'exercise 6 record');
  });
});

test('axe: a 390×844 phone (issue 14)', async () => {
  const page = await openApp(env.browser, env.server, 'lang=en', { viewport: { width: 390, height: 844 } });
  try {
    await page.click('[data-view="bob/writer-v1"] [data-card-id="A"] button');
    await page.waitForSelector('[data-inspector="A"]');
    await assertClean(page, 'phone, card A open');
  } finally {
    await page.context().close();
  }
});
