/**
 * The price history of the listings in the embedded store (issue 39): one file,
 * DATA_DIR/listings/prices.json, a record per property of the live set, written whole and durably
 * (only ever under the import lock, so never by two writers at once).
 */
import { readFile } from 'node:fs/promises';
import { lastDrop, type PriceRecord } from '../../../shared/price.ts';
import { writeFileDurably } from '../files.ts';

export class FilePrices {
  constructor(private readonly path: string) {}

  async read(): Promise<PriceRecord[]> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8')) as PriceRecord[];
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new Error(`${this.path} cannot be read (${(e as Error).message})`);
    }
  }

  async drops(since: string): Promise<PriceRecord[]> {
    const from = Date.parse(since);
    return (await this.read()).filter((r) => {
      const d = lastDrop(r);
      return d !== null && Date.parse(d.at) >= from;
    });
  }

  async write(changed: PriceRecord[], gone: number[]): Promise<void> {
    if (!changed.length && !gone.length) return;
    const byId = new Map((await this.read()).map((r) => [r.id, r]));
    for (const id of gone) byId.delete(id);
    for (const r of changed) byId.set(r.id, r);
    await writeFileDurably(this.path, JSON.stringify([...byId.values()]));
  }
}
