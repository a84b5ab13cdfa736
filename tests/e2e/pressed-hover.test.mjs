// Issue 14, bug 4: a pressed button stays readable when hovered (Classroom
// mode, the selected classroom tab, an active "Show reach").

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardRow, useBrowser, withApp } from './harness.mjs';

const env = useBrowser();

/** WCAG contrast of an element's text colour on its background colour. */
const contrast = (locator) =>
  locator.evaluate((el) => {
    const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const s = getComputedStyle(el);
    const [a, b] = [lum(rgb(s.color)), lum(rgb(s.backgroundColor))].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  });

test('pressed buttons keep ≥ 4.5:1 contrast under the pointer', async () => {
  await withApp(env, 'lang=en&classroom', async (page) => {
    const classroom = page.getByRole('button', { name: 'Classroom mode' });
    assert.equal(await classroom.getAttribute('aria-pressed'), 'true');
    await classroom.hover();
    assert.ok((await contrast(classroom)) >= 4.5, 'Classroom mode');

    const tab = page.locator('[data-panel-tab="chart"]');
    await tab.hover();
    assert.ok((await contrast(tab)) >= 4.5, 'selected tab');

    await page.click('[data-panel-tab="editor"]');
    const reach = cardRow(page, 'A').getByRole('button', { name: 'Show reach (A)' });
    await reach.click();
    assert.equal(await reach.getAttribute('aria-pressed'), 'true');
    await reach.hover();
    assert.ok((await contrast(reach)) >= 4.5, 'active Show reach');
  });
});
