import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const pages = {
  plain: '<!doctype html><html lang="en"><body><p>Hello world, a few words of text.</p></body></html>',
  cjk: '<!doctype html><html lang="zh-TW"><body><p>Hello 共用 Agent 記憶:誰能讀哪張卡片。</p></body></html>',
  noto: '<!doctype html><html lang="en"><body style="font-family:\'Noto Sans TC\',sans-serif"><p>Hello world, a few words.</p></body></html>',
};
for (const [name, html] of Object.entries(pages)) for (let i = 0; i < 2; i++) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const ev = []; cdp.on('Tracing.dataCollected', ({ value }) => ev.push(...value));
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await p.route('http://t.test/', (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await p.goto('http://t.test/'); await p.waitForTimeout(800);
  await cdp.send('Tracing.end'); await done;
  const lay = ev.filter((e) => e.name === 'Layout' && e.dur).map((e) => Math.round(e.dur / 1000));
  console.log(name, 'layout', lay.join(' '));
  await ctx.close();
}
await b.close();
