import { chromium } from 'playwright-core';
const url = process.argv[2], css = process.argv[3] || '';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (let i = 0; i < 3; i++) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: false });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const ev = []; cdp.on('Tracing.dataCollected', ({ value }) => ev.push(...value));
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  if (css) await p.route('**/*.css', async (r) => { const res = await r.fetch(); r.fulfill({ response: res, body: (await res.text()) + css }); });
  await p.goto(url); await p.waitForTimeout(1500);
  await cdp.send('Tracing.end'); await done;
  const lay = ev.filter((e) => e.name === 'Layout' && e.dur).map((e) => Math.round(e.dur / 1000));
  const sty = ev.filter((e) => e.name === 'UpdateLayoutTree' && e.dur).map((e) => Math.round(e.dur / 1000));
  const paint = ev.filter((e) => e.name === 'Paint' && e.dur).reduce((a, e) => a + e.dur / 1000, 0);
  console.log('layout', lay.join(' '), '| style', sty.join(' '), '| paint', Math.round(paint));
  await ctx.close();
}
await b.close();
