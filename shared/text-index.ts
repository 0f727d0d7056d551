/**
 * An inverted index of words for the site search (issue 39): each folded word of the documents
 * (properties, projects, pages) with the documents that hold it and how much it weighs there
 * (a reference or a name more than a headline). Built once per set of documents, then asked many
 * times: a query word is looked up exactly, as the start of longer words, and within its typo
 * budget (shared/text-match.ts) among the words of about its length; every word of the query must
 * match (the documents of its rarest word are the only candidates). Documents are numbered by
 * the caller in the order it prefers among equals (lower first).
 *
 * Bounded: the postings are typed arrays (5 bytes per word of a document: with the references, about 20 MB at 100,000
 * properties); a word widens to at most MAX_PREFIX_TERMS longer words and MAX_FUZZY_TERMS near ones.
 */
import { bitCount, editDistance, letterMask, typoBudget } from './text-match.ts';

/** Longer words a query word may stand for (as their start), and near words (typos). */
export const MAX_PREFIX_TERMS = 1000;
export const MAX_FUZZY_TERMS = 200;
/** A query word this short is matched only whole (not as the start of longer words). */
const MIN_PREFIX = 3;
const QUALITY = { exact: 1, prefix: 0.8, typo1: 0.6, typo2: 0.5 };

export class TextIndexBuilder {
  /** Per word: document, weight, document, weight… (documents added in rising order). */
  private readonly postings = new Map<string, number[]>();
  private lastDoc = -1;

  /** Adds the words of `text` to document `doc` (doc numbers never go down between calls). */
  add(doc: number, words: readonly string[], weight: number): void {
    if (doc < this.lastDoc) throw new Error(`text index: document ${doc} added after ${this.lastDoc}`);
    this.lastDoc = doc;
    for (const word of words) {
      let list = this.postings.get(word);
      if (!list) this.postings.set(word, (list = []));
      const n = list.length;
      if (n && list[n - 2] === doc) list[n - 1] = Math.max(list[n - 1], weight);
      else list.push(doc, weight);
    }
  }

  /** `typos`: false for an index looked up only whole or by the start of its words (references). */
  build(docCount: number, typos = true): TextIndex {
    return new TextIndex(this.postings, Math.max(docCount, this.lastDoc + 1), typos);
  }
}

export interface Match {
  /** The best documents, best first (at most the limit asked). */
  docs: number[];
  /** How many documents match every word. */
  total: number;
  /** Query words no word of the index comes near (left out of the match). */
  unmatched: string[];
  /** Query words found only as typos of the index's words (none of them whole or as a start). */
  typoOnly: string[];
}

export interface MatchOptions {
  prefix: boolean;
  typos: boolean;
  /** Words taken exactly or as a start only: words another index holds as they are typed (Anvers is not a typo of anders). */
  noTypos?: ReadonlySet<string>;
}

interface Hit {
  term: number;
  quality: number;
}

export class TextIndex {
  private readonly terms: string[];
  private readonly docs: Int32Array[];
  private readonly weights: Uint8Array[];
  private readonly masks: Int32Array;
  /** Term numbers by length (fuzzy lookups read only the lengths within the budget). */
  private readonly byLength: Int32Array[] = [];
  /** Scratch of a match, one slot per document (a match runs to its end without yielding). */
  private readonly stage: Uint8Array;
  private readonly score: Float32Array;
  private readonly last: Float32Array;

  constructor(
    postings: Map<string, number[]>,
    readonly docCount: number,
    private readonly typos = true,
  ) {
    this.terms = [...postings.keys()].sort();
    this.docs = new Array(this.terms.length);
    this.weights = new Array(this.terms.length);
    this.masks = new Int32Array(typos ? this.terms.length : 0);
    const lengths: number[][] = [];
    this.terms.forEach((term, t) => {
      const list = postings.get(term)!;
      const docs = new Int32Array(list.length / 2);
      const weights = new Uint8Array(list.length / 2);
      for (let i = 0; i < docs.length; i++) {
        docs[i] = list[2 * i];
        weights[i] = list[2 * i + 1];
      }
      this.docs[t] = docs;
      this.weights[t] = weights;
      if (!typos) return;
      this.masks[t] = letterMask(term);
      (lengths[term.length] ??= []).push(t);
    });
    for (let i = 0; i < lengths.length; i++) this.byLength[i] = Int32Array.from(lengths[i] ?? []);
    this.stage = new Uint8Array(docCount);
    this.score = new Float32Array(docCount);
    this.last = new Float32Array(docCount);
  }

  get size(): { terms: number; postings: number } {
    let postings = 0;
    for (const d of this.docs) postings += d.length;
    return { terms: this.terms.length, postings };
  }

  /** The first term not before `word` (binary search in the sorted terms). */
  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The index's words a query word stands for, best first. */
  private expand(word: string, opts: MatchOptions): Hit[] {
    const hits: Hit[] = [];
    const at = this.lowerBound(word);
    if (this.terms[at] === word) hits.push({ term: at, quality: QUALITY.exact });
    if (opts.prefix && word.length >= MIN_PREFIX)
      for (let t = this.terms[at] === word ? at + 1 : at, n = 0; t < this.terms.length && n < MAX_PREFIX_TERMS && this.terms[t].startsWith(word); t++, n++)
        hits.push({ term: t, quality: QUALITY.prefix });
    const budget = opts.typos && this.typos && !opts.noTypos?.has(word) ? typoBudget(word) : 0;
    if (budget > 0) {
      const mask = letterMask(word);
      let found = 0;
      for (let len = Math.max(1, word.length - budget); len <= word.length + budget && found < MAX_FUZZY_TERMS; len++) {
        const ids = this.byLength[len];
        if (!ids) continue;
        for (let i = 0; i < ids.length && found < MAX_FUZZY_TERMS; i++) {
          const t = ids[i];
          if (bitCount(this.masks[t] ^ mask) > 2 * budget) continue;
          const term = this.terms[t];
          if (term === word || (opts.prefix && word.length >= MIN_PREFIX && term.startsWith(word))) continue; // found above
          const d = editDistance(word, term, budget);
          if (d > budget) continue;
          hits.push({ term: t, quality: d === 1 ? QUALITY.typo1 : QUALITY.typo2 });
          found++;
        }
      }
    }
    return hits.sort((a, b) => b.quality - a.quality);
  }

  /**
   * The documents holding every word (each exactly, as a start, or within its typo budget; or one of its other forms),
   * best first: the sum over the words of match quality × weight, then the lower document number.
   */
  match(words: ReadonlyArray<string | readonly string[]>, limit: number, opts: MatchOptions = { prefix: true, typos: true }): Match {
    // A word may come with other forms that stand for it (a municipality's name in the other languages).
    const expanded = words.map((forms) => {
      const [word, ...others] = typeof forms === 'string' ? [forms] : forms;
      const hits = this.expand(word, opts);
      for (const other of others) hits.push(...this.expand(other, opts));
      return { word, hits: hits.sort((a, b) => b.quality - a.quality) };
    });
    const unmatched = expanded.filter((e) => e.hits.length === 0).map((e) => e.word);
    const typoOnly = expanded.filter((e) => e.hits.length > 0 && e.hits[0].quality < QUALITY.prefix).map((e) => e.word);
    const used = expanded
      .filter((e) => e.hits.length > 0)
      .map((e) => ({ ...e, size: e.hits.reduce((n, h) => n + this.docs[h.term].length, 0) }))
      .sort((a, b) => a.size - b.size);
    if (!used.length) return { docs: [], total: 0, unmatched, typoOnly };
    const { stage, score, last } = this;
    const candidates: number[] = [];
    used.forEach(({ hits }, k) => {
      for (const { term, quality } of hits) {
        const docs = this.docs[term];
        const weights = this.weights[term];
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i];
          const s = quality * weights[i];
          if (stage[doc] === k) {
            if (k === 0) candidates.push(doc);
            stage[doc] = k + 1;
            score[doc] += s;
            last[doc] = s;
          } else if (stage[doc] === k + 1 && s > last[doc]) {
            score[doc] += s - last[doc];
            last[doc] = s;
          }
        }
      }
    });
    // The best `limit` of those that matched every word, kept in order as they come.
    const top: number[] = [];
    let total = 0;
    const better = (a: number, b: number) => score[a] > score[b] || (score[a] === score[b] && a < b);
    for (const doc of candidates) {
      if (stage[doc] === used.length) {
        total++;
        if (top.length < limit || (limit > 0 && better(doc, top[top.length - 1]))) {
          let i = Math.min(top.length, limit - 1);
          if (top.length < limit) top.push(doc);
          while (i > 0 && better(doc, top[i - 1])) {
            top[i] = top[i - 1];
            i--;
          }
          top[i] = doc;
        }
      }
    }
    for (const doc of candidates) {
      stage[doc] = 0;
      score[doc] = 0;
      last[doc] = 0;
    }
    return { docs: top, total, unmatched, typoOnly };
  }

  /** Whether `word` is one of the index's words, whole. */
  has(word: string): boolean {
    return this.terms[this.lowerBound(word)] === word;
  }

  /** The documents holding `word` whole. */
  docsOf(word: string): Int32Array {
    const at = this.lowerBound(word);
    return this.terms[at] === word ? this.docs[at] : new Int32Array(0);
  }
}
