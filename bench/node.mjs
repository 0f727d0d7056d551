// One app process of the scale-out benchmark: the built server on PORT, its store from DATABASE_URL
// (else DATA_DIR), pages rendered on every request, mails as files, no form limit.
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { start } = await import(join(root, 'dist/server/main.js'));
const { samplePhotoSource } = await import(join(root, 'dist/server/sample.js'));
const server = await start({
  root,
  port: Number(process.env.PORT),
  host: '127.0.0.1',
  dataDir: process.env.DATA_DIR,
  quiet: true,
  pageCache: false,
  smtpUrl: process.env.SMTP_URL ?? '',
  formRate: { max: 1e9, windowMs: 60_000 },
  photoSource: samplePhotoSource,
  drawAhead: false,
  listingsSync: null,
});
console.log('ready');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
