// npm start: builds when the sources changed since the last build, then serves on PORT (default
// 3000) with storage in DATA_DIR (default ./var). `--check` only validates the site configuration.
import { join, resolve } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';

const check = process.argv.includes('--check');
process.env.NODE_ENV ??= 'production';

if (!buildIsCurrent()) {
  console.log('Building the site (first start or sources changed)…');
  try {
    buildAll({ quiet: true });
  } catch (e) {
    console.error(`build failed: ${e?.message ?? e}`);
    process.exit(1);
  }
}

const { start, checkConfig, ConfigError, stopOnSignals } = await import(join(root, 'dist/server/main.js'));
const { samplePhotoSource } = await import(join(root, 'dist/server/sample.js'));
const configDir = process.env.CONFIG_DIR ? resolve(process.env.CONFIG_DIR) : undefined;

try {
  if (check) {
    checkConfig(configDir ?? join(root, 'site-config'));
    console.log('site configuration is valid');
    process.exit(0);
  }
  const port = process.env.PORT ? Number(process.env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError([`PORT: must be a port number, not "${process.env.PORT}"`]);
  const server = await start({
    root,
    port,
    host: process.env.HOST,
    dataDir: process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : undefined,
    configDir,
    publicUrl: process.env.PUBLIC_URL,
    photoSource: samplePhotoSource,
  });
  // SIGTERM, SIGINT: requests under way answered, view counts, journals and mails written, the store closed, then exit 0 (server/stop.ts).
  stopOnSignals(server.stop);
} catch (e) {
  if (e instanceof ConfigError) {
    console.error('The site configuration is not valid:');
    for (const line of e.lines) console.error(line);
  } else if (e?.code === 'EADDRINUSE') {
    console.error(`Port ${e.port} is already in use: set PORT to another port.`);
  } else {
    console.error(`Cannot start: ${e?.message ?? e}`);
  }
  process.exit(1);
}
