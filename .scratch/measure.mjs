import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
const port = 3914;
const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: '/work/wt-14', env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '/tmp/w14/data' }, stdio: 'ignore' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 300)); }
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
for (const l of ['fr','nl','en']) {
  await p.goto(`http://127.0.0.1:${port}/${l}/`);
  console.log(l, await p.evaluate(() => ({
    items: [...document.querySelectorAll('.main-nav__item')].map(e => [e.textContent, e.getBoundingClientRect().width]),
    logo: document.querySelector('.site-header__logo').getBoundingClientRect().width,
    lang: document.querySelector('.lang-switch--header')?.getBoundingClientRect().width,
    inner: document.querySelector('.site-header__inner').getBoundingClientRect().width,
    nav: document.querySelector('.main-nav').getBoundingClientRect().width,
    font: getComputedStyle(document.querySelector('.main-nav__item a')).fontFamily,
  })));
}
await p.screenshot({ path: '/tmp/w14/h1440.png', clip: { x: 0, y: 0, width: 1440, height: 160 } });
await b.close(); child.kill();
