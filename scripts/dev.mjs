// npm run dev: Koa with Vite in middleware mode — the renderer and modules hot-reload.
import { createServer } from 'vite';
import { root } from './schema-files.mjs';

const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });

// Vite's connect middleware inside Koa: it either answers (a module, a CSS file) or passes on.
const middleware = (ctx, next) =>
  new Promise((resolve, reject) => {
    ctx.res.once('finish', () => {
      ctx.respond = false;
      resolve();
    });
    vite.middlewares(ctx.req, ctx.res, (err) => (err ? reject(err) : resolve(next())));
  });

async function assets() {
  const html = await vite.transformIndexHtml('/', '<html><head></head><body></body></html>');
  const devScripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  const devInline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return { js: '/renderer/entry-client.tsx', css: ['/renderer/styles/site.css'], preload: [], devScripts, devInline };
}

const { start, readEnv, ConfigError, SettingsError, stopOnSignals } = await vite.ssrLoadModule('/server/main.ts');
const { samplePhotoSource } = await vite.ssrLoadModule('/sample/photo-source.ts');
try {
  const server = await start({
    root,
    // PORT, DATA_DIR, CONFIG_DIR and the rest, read and checked once (server/env.ts).
    env: readEnv(),
    dev: { middleware, loadRenderer: () => vite.ssrLoadModule('/renderer/entry-server.tsx'), assets },
    photoSource: samplePhotoSource,
  });
  // Ctrl-C: the same clean stop as npm start's (server/stop.ts), then Vite's.
  stopOnSignals(async () => {
    await server.stop();
    await vite.close();
  });
} catch (e) {
  if (e instanceof SettingsError) for (const line of e.lines) console.error(line);
  else if (e instanceof ConfigError) {
    console.error('The site configuration is not valid:');
    for (const line of e.lines) console.error(line);
  } else console.error(e);
  await vite.close();
  process.exit(1);
}
