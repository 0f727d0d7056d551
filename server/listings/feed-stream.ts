/**
 * The CRM's export built from a stream of JSON tokens (stream-json's tokenizer, fed by
 * feed-file.ts), keeping only what the site can use, so that memory follows what is kept and not
 * what the file holds:
 *   - only the lists and fields the listing schemas know are built; any other field, at any depth,
 *     is skipped token by token and its text never gathered (their names are noted once, per file);
 *   - each text is capped by its kind (TEXT_CAPS; a schema's own maxLength wins): past it the text is
 *     no longer gathered and the field is left out, with a problem naming the limit;
 *   - a list inside a record keeps at most its schema's maxItems (else MAX_ITEMS) entries, numbers
 *     and keys are cut short, nesting past MAX_DEPTH is skipped, and a file of more than
 *     MAX_RECORDS records is not read at all;
 *   - with a FeedChecker (every import), each record is checked the moment it ends and only the kept
 *     ones are held, compacted: the file's copy of a record never outlives its own reading.
 */
import type { SchemaRegistry } from '../config/schemas.ts';
import type { FeedChecker, FeedProblem, ListingData } from './feed.ts';
import { feedShape, LIST_KINDS, MAX_DEPTH, MAX_RECORDS, OPEN, type LIST_SCHEMAS, type Node } from './feed-shape.ts';
export { MAX_DEPTH, MAX_ITEMS, MAX_RECORDS, TEXT_CAPS, LIST_SCHEMAS, feedShape } from './feed-shape.ts';

const MAX_KEY = 200;
const MAX_NUMBER = 40;
/** Names of unknown fields kept for the note. */
const MAX_UNKNOWN_NAMES = 10;
/** Texts up to this length are kept once however often they repeat, up to MAX_INTERNED of them. */
const MAX_INTERNED_LENGTH = 256;
const MAX_INTERNED = 2_000_000;

/** Something the file holds past a bound that stops the reading (the import says which). */
export class FeedBoundError extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number>,
    text: string,
  ) {
    super(text);
  }
}

interface Frame {
  node: Node | null;
  value: Record<string, unknown> | unknown[] | null;
  array: boolean;
  depth: number;
  /** Entries begun (lists). */
  count: number;
  over: boolean;
  key: string;
  /** The node of the value after the key; null: skipped. */
  child: Node | null;
}

interface RecordInfo {
  list: keyof typeof LIST_SCHEMAS;
  position: number;
  frame: number;
  value: Record<string, unknown>;
  problems: Array<Pick<FeedProblem, 'field' | 'reason' | 'code' | 'params'>>;
}

export type Token = { name: string; value?: unknown };

/** Builds the kept part of the file from its tokens (one `token` call each), then `result()`. */
export class FeedBuilder {
  private readonly stack: Frame[] = [];
  private root: unknown = undefined;
  private readonly shape: Node;
  private text: { node: Node | null; parts: string[]; length: number; over: boolean; key: boolean; number: boolean } | null = null;
  private record: RecordInfo | null = null;
  private records = 0;
  private readonly unknown = new Map<string, number>();
  private unknownCount = 0;
  readonly problems: FeedProblem[] = [];

  /**
   * With a checker, each entry of a list is checked as soon as it is read (FeedChecker.add) and
   * only the kept records are held, compacted; the lists of `raw` stay empty.
   */
  constructor(
    schemas: SchemaRegistry,
    private readonly checker?: FeedChecker,
  ) {
    this.shape = feedShape(schemas);
  }

  /** The list `f` is, when it is one of the file's lists (its entries are records). */
  private listOf(f: Frame | undefined): keyof ListingData | undefined {
    return f?.array && f.value && this.stack.length >= 2 && f === this.stack[1] && this.stack[0].node === this.shape
      ? (this.stack[0].key as keyof ListingData)
      : undefined;
  }

  /** An entry of a list that is not a record (a number, a list): checked (and refused) at once. */
  private checkEntry(list: keyof ListingData, v: unknown, position: number) {
    const kept = this.checker!.add(list, v, position);
    if (kept !== undefined) this.checker!.keep(list, kept);
  }

  /** The node of the value that begins now (null: skip it). */
  private begin(): Node | null {
    const f = this.stack.at(-1);
    if (!f) return this.shape;
    if (!f.node) return null;
    if (!f.array) return f.child;
    f.count++;
    if (f.count > f.node.maxItems) {
      f.over = true;
      return null;
    }
    if (f.depth + 1 > MAX_DEPTH) return null;
    return f.node.items ?? (f.node.props || f.node.leaf ? null : OPEN);
  }

  private attach(v: unknown) {
    const f = this.stack.at(-1);
    const list = this.checker && this.listOf(f);
    if (list) return this.checkEntry(list, v, f!.count);
    if (!f) this.root = v;
    else if (f.array) (f.value as unknown[]).push(v);
    else (f.value as Record<string, unknown>)[f.key] = v;
  }

  /** The field's place in its record ("/Pictures/3/Url"), for the frames from the record's up. */
  private pointer(): string {
    const from = this.record ? this.record.frame : 0;
    let out = '';
    for (let i = from; i < this.stack.length; i++) {
      const f = this.stack[i];
      out += `/${(f.array ? String(f.count - 1) : f.key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
    }
    return out;
  }

  private leftOut(code: string, limit: number, text: string) {
    const p = { field: this.pointer(), code, params: { limit }, reason: text };
    if (this.record) this.record.problems.push(p);
    else this.problems.push({ kind: 'file', id: '-', ...p, action: 'left out' });
  }

  private open(array: boolean) {
    const node = this.begin();
    const parent = this.stack.at(-1);
    const depth = parent ? parent.depth + 1 : 0;
    const value = node ? (array ? [] : {}) : null;
    const list = this.checker && this.listOf(parent);
    // Checking as it reads, an entry of a list is not attached: a record is checked when it ends.
    if (value && !list) this.attach(value);
    if (array && value && depth === 1 && this.checker && parent?.node === this.shape) this.checker.startList(parent.key as keyof ListingData);
    // A record: an object right in one of the lists.
    if (!array && value && depth === 2 && parent!.array && this.stack.length === 2 && this.stack[0].node === this.shape) {
      if (++this.records > MAX_RECORDS)
        throw new FeedBoundError('tooManyRecords', { max: MAX_RECORDS }, `the file holds more than ${MAX_RECORDS.toLocaleString('en')} records`);
      this.record = { list: this.stack[0].key as RecordInfo['list'], position: parent!.count, frame: 2, value: value as Record<string, unknown>, problems: [] };
    }
    const leaf = !!node?.leaf;
    this.stack.push({ node: leaf ? { cap: 0, maxItems: 0, props: new Map() } : node, value, array, depth, count: 0, over: false, key: '', child: null });
  }

  private close() {
    const f = this.stack.pop()!;
    const list = this.checker && this.listOf(this.stack.at(-1));
    if (list && f.array) this.checkEntry(list, f.value, this.stack.at(-1)!.count);
    if (f.array && f.over && f.value) {
      const parent = this.stack.at(-1);
      if (parent?.array) parent.value && (parent.value as unknown[]).pop();
      else if (parent?.value) delete (parent.value as Record<string, unknown>)[parent.key];
      if (parent) this.leftOut('tooMany', f.node!.maxItems, `has more than ${f.node!.maxItems} entries`);
    }
    if (this.record && this.stack.length === this.record.frame) this.endRecord();
  }

  private endRecord() {
    const r = this.record!;
    this.record = null;
    // Built field by field, a record is a slow, large object (V8's dictionary mode) whose texts are
    // slices of the whole text read; written out and read back, it is as compact as JSON.parse makes it.
    // Texts that repeat (a record's photos in each language, a city, a type) are kept once.
    if (this.checker) {
      // Checked now (coerced in place), compacted only if kept: the file's copy is garbage at once.
      const kept = this.checker.add(r.list, r.value, r.position);
      if (kept !== undefined) this.checker.keep(r.list, JSON.parse(JSON.stringify(kept), this.intern));
    } else {
      const list = this.stack[1].value as unknown[];
      list[list.length - 1] = JSON.parse(JSON.stringify(r.value), this.intern);
    }
    if (!r.problems.length) return;
    const rec = r.value;
    const kind = LIST_KINDS[r.list];
    const idv = kind === 'type' ? rec.WebID : kind === 'city' ? rec.Name : rec.ID;
    const id =
      (typeof idv === 'number' && Number.isInteger(idv) && idv > 0) || (typeof idv === 'string' && idv && kind === 'city') ? String(idv) : `#${r.position}`;
    const m = typeof rec.language === 'string' ? /^\s*([a-z]{2})\b/i.exec(rec.language) : null;
    for (const p of r.problems) this.problems.push({ kind, id, ...(m ? { lang: m[1].toLowerCase() } : {}), ...p, action: 'left out' });
  }

  private startText(key: boolean, number: boolean) {
    this.text = { node: key ? OPEN : this.begin(), parts: [], length: 0, over: false, key, number };
  }

  private endText() {
    const t = this.text!;
    this.text = null;
    if (t.key) {
      const f = this.stack.at(-1)!;
      const key = t.parts.join('');
      f.key = key;
      f.child = null;
      if (!f.node) return;
      // An open object (the schema names no fields) keeps any field but one that would change its prototype.
      const known = f.node.props ? f.node.props.get(key) : t.over || f.depth + 1 > MAX_DEPTH || key === '__proto__' ? undefined : OPEN;
      if (known) f.child = known;
      else if (f.node.props && f.node.props.size) this.noteUnknown(t.over ? `${key}…` : key);
      return;
    }
    if (!t.node) return;
    const cap = t.number ? MAX_NUMBER : t.node.cap;
    if (t.over) {
      if (t.number) this.attach(`${t.parts.join('').slice(0, 20)}…`);
      else this.leftOut('tooLong', cap, `is longer than ${cap} characters`);
      return;
    }
    const s = t.parts.join('');
    this.attach(t.number ? Number(s) : s);
  }

  private readonly texts = new Map<string, string>();
  private readonly intern = (_key: string, v: unknown) => {
    if (typeof v !== 'string' || v.length > MAX_INTERNED_LENGTH) return v;
    const hit = this.texts.get(v);
    if (hit !== undefined) return hit;
    if (this.texts.size < MAX_INTERNED) this.texts.set(v, v);
    return v;
  };

  private noteUnknown(name: string) {
    this.unknownCount++;
    if (this.unknown.has(name) || this.unknown.size < MAX_UNKNOWN_NAMES) this.unknown.set(name, (this.unknown.get(name) ?? 0) + 1);
  }

  token(t: Token) {
    switch (t.name) {
      case 'startObject':
        return this.open(false);
      case 'startArray':
        return this.open(true);
      case 'endObject':
      case 'endArray':
        return this.close();
      case 'startKey':
        return this.startText(true, false);
      case 'startString':
        return this.startText(false, false);
      case 'startNumber':
        return this.startText(false, true);
      case 'stringChunk':
      case 'numberChunk': {
        const x = this.text!;
        if (x.over || !x.node) return;
        const s = t.value as string;
        const cap = x.key ? MAX_KEY : x.number ? MAX_NUMBER : x.node.cap;
        // Code units, at most twice the characters: the exact count is the schema's, on what is kept.
        if (x.length + s.length > cap * 2 || (x.length + s.length > cap && [...x.parts.join(''), ...s].length > cap)) {
          x.over = true;
          x.parts = x.key ? [x.parts.join('').concat(s).slice(0, 60)] : [];
          return;
        }
        x.parts.push(s);
        x.length += s.length;
        return;
      }
      case 'endKey':
      case 'endString':
      case 'endNumber':
        return this.endText();
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        if (this.begin()) this.attach(t.value);
        return;
    }
  }

  /** The built file and what was left out on the way (the note on unknown fields first). */
  result(): { raw: unknown; problems: FeedProblem[] } {
    const problems = [...this.problems];
    if (this.unknownCount) {
      const names = [...this.unknown.keys()].map((n) => (n.length > 60 ? `${n.slice(0, 57)}…` : n)).join(', ');
      const more = this.unknown.size < this.unknownCount && this.unknownCount > [...this.unknown.values()].reduce((a, b) => a + b, 0);
      problems.unshift({
        kind: 'file',
        id: '-',
        field: '',
        code: 'unknownFields',
        params: { count: this.unknownCount, names: more ? `${names}, …` : names },
        reason: `${this.unknownCount} ${this.unknownCount === 1 ? 'field' : 'fields'} the site does not use left out (${names}${more ? ', …' : ''})`,
        action: 'note',
      });
    }
    return { raw: this.root, problems };
  }
}
