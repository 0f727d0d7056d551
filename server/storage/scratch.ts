/**
 * Temporary files of one node (both stores keep them on this node's disk, under `dir`): an upload
 * is streamed into one before it is checked, so that a large photo is never held in memory whole.
 * Each file is removed once used; what a crash left behind is removed at the first use after a
 * start, once it is a day old (the command line may open the same folder while a server runs).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ScratchFile, ScratchFiles } from './types.ts';

/** A scratch file older than this was left by a process that stopped. */
const LEFT_BEHIND_MS = 24 * 3600_000;

export class LocalScratch implements ScratchFiles {
  private ready: Promise<void> | undefined;
  constructor(private readonly dir: string) {}

  private async prepare() {
    await mkdir(this.dir, { recursive: true });
    const cut = Date.now() - LEFT_BEHIND_MS;
    for (const name of await readdir(this.dir)) {
      const s = await stat(join(this.dir, name)).catch(() => null);
      if (s && s.mtimeMs < cut) await rm(join(this.dir, name), { force: true, recursive: true });
    }
  }

  async create(): Promise<ScratchFile> {
    await (this.ready ??= this.prepare().catch((e) => {
      this.ready = undefined;
      throw e;
    }));
    const path = join(this.dir, `${randomUUID()}.part`);
    const stream = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return {
      path,
      stream,
      remove: async () => {
        stream.destroy();
        await rm(path, { force: true });
      },
    };
  }
}
