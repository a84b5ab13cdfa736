import { startServer, launchBrowser, openApp, cardRow } from './harness.mjs';
const server = await startServer();
const browser = await launchBrowser();
for (const lang of ['en', 'zh-TW']) {
  const page = await openApp(browser, server, `lang=${lang}&step=7`, { viewport: { width: 1280, height: 800 } });
  await cardRow(page, 'Y').locator('input[name="share_approved"]').check();
  await page.waitForSelector('[data-view="bob/writer-v1"] [data-reid]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shot-reid-chart-${lang}.png` });
  await page.locator('[data-view="bob/writer-v1"] [data-card-id="Y"] button').click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shot-reid-why-${lang}.png` });
  await page.click('[data-action="about-me"][data-user="alice"]');
  await page.waitForSelector('[data-panel="about-me"]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shot-about-${lang}.png` });
  await page.screenshot({ path: `/tmp/shot-about-full-${lang}.png`, fullPage: true });
  await page.context().close();
}
await browser.close();
await server.close();
