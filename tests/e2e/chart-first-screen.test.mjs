// Issue 14, item 11 (normal mode): at 1366×768 and 1280×800 the seed's
// whole chart (four cells and their cards, bob's row too) is on the first
// screen, in both languages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, useBrowser } from './harness.mjs';

const env = useBrowser();

for (const viewport of [{ width: 1366, height: 768 }, { width: 1280, height: 800 }]) {
  for (const lang of ['en', 'zh-TW']) {
    test(`${viewport.width}×${viewport.height} (${lang}): the whole seed chart on the first screen`, async () => {
      const page = await openApp(env.browser, env.server, `lang=${lang}`, { viewport });
      try {
        const below = await page.evaluate(() =>
          Array.from(document.querySelectorAll('[data-view], [data-view] [data-card-id]'))
            .filter((el) => el.getBoundingClientRect().bottom > innerHeight)
            .map((el) => el.getAttribute('data-view') ?? el.getAttribute('data-card-id')),
        );
        assert.deepEqual(below, []);
      } finally {
        await page.context().close();
      }
    });
  }
}
