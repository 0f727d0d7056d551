import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import { CARD_WIDTHS, SEARCH_MAX_PROJECTS, SEARCH_MAX_PROPERTIES, SEARCH_MAX_RESULTS, SEARCH_MAX_QUERY, SEARCH_MIN_QUERY } from '../../shared/constants.ts';
import { firstListingPhoto } from '../../shared/listing-photos.ts';
import { readSearchText } from '../../shared/text-match.ts';
import { imageSet, isSoldOut, toPropertyCard, type ImageSet, type PropertyCardData } from '../lib/property-card.ts';
import type { ArticleCard } from '../lib/articles.ts';
import { findContent } from './content-index.ts';
import siteSearch from './index.ts';

export type PropertyHit = Pick<
  PropertyCardData,
  'id' | 'path' | 'title' | 'type' | 'typeName' | 'city' | 'zip' | 'goal' | 'price' | 'priceFrom' | 'viager' | 'availability' | 'image'
> & { reference: string | null };

export interface ProjectHit {
  id: number;
  path: string;
  name: string;
  city: string;
  types: string;
  soldOut: boolean;
  image: ImageSet | null;
}

export interface SiteSearchData {
  /** What is kept of the query (at most SEARCH_MAX_QUERY characters), shown back in the form. */
  query: string;
  /** none: nothing asked yet; blank: no letter or digit; tooShort: one character; found: the groups below. */
  state: 'none' | 'blank' | 'tooShort' | 'found';
  /** The query was longer than what is kept. */
  cut: boolean;
  properties: { hits: PropertyHit[]; total: number };
  projects: { hits: ProjectHit[]; total: number };
  pages: { hits: ArticleCard[]; total: number };
  /** Words nothing came near (searched without them). */
  unmatched: string[];
}

const nothing = { hits: [], total: 0 };

function load(_module: unknown, ctx: LoadContext): SiteSearchData {
  const { listings, listingPath, propertyTitle, pictureGone } = ctx.services;
  const raw = ctx.query.get('q') ?? '';
  const text = readSearchText(raw);
  const base = { query: text.kept, cut: [...raw.trim()].length > SEARCH_MAX_QUERY, properties: nothing, projects: nothing, pages: nothing, unmatched: [] };
  if (!raw.trim()) return { ...base, state: 'none' };
  if (text.blank) return { ...base, state: 'blank' };
  if ([...text.compact].length < SEARCH_MIN_QUERY) return { ...base, state: 'tooShort' };

  const max = { properties: SEARCH_MAX_PROPERTIES, projects: SEARCH_MAX_PROJECTS };
  let found = listings.find(text, max);
  // A reference typed whole goes straight to its property.
  const to = found.reference !== undefined ? listingPath('property', found.reference, ctx.lang) : undefined;
  if (to) ctx.redirect(to);
  // A word the listings hold as typed is no typo in a page's text (Anvers is not "anders"), and the other way round.
  const slots = text.words.map((w) => [w, ...(found.aliases[w] ?? [])]);
  const content = findContent(ctx, slots, SEARCH_MAX_RESULTS, new Set(found.known));
  if (content.known.some((w) => !found.known.includes(w) && !found.unmatched.includes(w))) found = listings.find(text, max, new Set(content.known));
  // Every word must match: a word only one side knows leaves the other side without results.
  const unknown = found.unmatched.filter((w) => content.unmatched.includes(w));
  const listingsFit = found.unmatched.every((w) => unknown.includes(w));
  const contentFits = content.unmatched.every((w) => unknown.includes(w));

  const properties = found.properties.ids.flatMap((id): PropertyHit[] => {
    const p = listings.property(id, ctx.lang);
    const path = p && listingPath('property', id, ctx.lang);
    if (!p || !path) return [];
    const { title, type, typeName, city, zip, goal, price, priceFrom, viager, availability, image } = toPropertyCard(
      p,
      path,
      propertyTitle(p, ctx.lang),
      pictureGone,
    );
    return [{ id, path, title, type, typeName, city, zip, goal, price, priceFrom, viager, availability, image, reference: p.UniqueCode ?? null }];
  });
  const projects = found.projects.ids.flatMap((id): ProjectHit[] => {
    const p = listings.project(id, ctx.lang);
    const path = p && listingPath('project', id, ctx.lang);
    if (!p || !path) return [];
    const image = imageSet('project', id, firstListingPhoto('project', p, pictureGone), p.Name, CARD_WIDTHS);
    return [{ id, path, name: p.Name, city: p.City ?? '', types: (p.WebIDName ?? '').replace(/ ; /g, ' · '), soldOut: isSoldOut(p.Units), image }];
  });
  return {
    ...base,
    state: 'found',
    properties: listingsFit ? { hits: properties, total: found.properties.total } : nothing,
    projects: listingsFit ? { hits: projects, total: found.projects.total } : nothing,
    pages: contentFits ? { hits: content.cards, total: content.total } : nothing,
    unmatched: unknown,
  };
}

export default defineLoader(siteSearch, load);
