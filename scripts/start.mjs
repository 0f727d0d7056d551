// npm start: builds when the sources changed since the last build, then serves on PORT (default
// 3000) with storage in DATA_DIR (default ./var); every setting is read by server/env.ts. `--check`
// only validates the site configuration.
import { join } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';

const check = process.argv.includes('--check');
// Set, not read: server/env.ts reads it (an empty value counts as unset there too).
if (!process.env.NODE_ENV?.trim()) process.env.NODE_ENV = 'production';

if (!buildIsCurrent()) {
  console.log('Building the site (first start or sources changed)…');
  try {
    buildAll({ quiet: true });
  } catch (e) {
    console.error(`build failed: ${e?.message ?? e}`);
    process.exit(1);
  }
}

const { start, checkConfig, readEnv, ConfigError, SettingsError, stopOnSignals } = await import(join(root, 'dist/server/main.js'));
const { samplePhotoSource } = await import(join(root, 'dist/server/sample.js'));

try {
  // Every setting (environment variable) read and checked once (server/env.ts): a wrong one stops here.
  const env = readEnv();
  if (check) {
    checkConfig(env.CONFIG_DIR ?? join(root, 'site-config'));
    console.log('site configuration is valid');
    process.exit(0);
  }
  const server = await start({ root, env, photoSource: samplePhotoSource });
  // SIGTERM, SIGINT: requests under way answered, view counts, journals and mails written, the store closed, then exit 0 (server/stop.ts).
  stopOnSignals(server.stop);
} catch (e) {
  if (e instanceof SettingsError) {
    // One line per wrong variable: its name, the value and what it must be.
    for (const line of e.lines) console.error(line);
  } else if (e instanceof ConfigError) {
    console.error('The site configuration is not valid:');
    for (const line of e.lines) console.error(line);
  } else if (e?.code === 'EADDRINUSE') {
    console.error(`Port ${e.port} is already in use: set PORT to another port.`);
  } else {
    console.error(`Cannot start: ${e?.message ?? e}`);
  }
  process.exit(1);
}
