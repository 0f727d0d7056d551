import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { FavouritesModule } from '../../schemas/types.gen.ts';
import { toPropertyCard, type PropertyCardData } from '../lib/property-card.ts';
import { listed, type Went } from '../lib/listed.server.ts';
import { FAVOURITES_MAX } from '../lib/property-ids.ts';
import favourites from './index.ts';

export interface FavouritesData {
  /** Every readable number of the link, in its order (the list to share, and to tell the visitor's own list). */
  ids: number[];
  cards: PropertyCardData[];
  went: Went[];
  gone: number[];
  invalid: string[];
  truncated: boolean;
}

function load(_module: FavouritesModule, ctx: LoadContext): FavouritesData {
  const { query, live, went, gone } = listed(ctx, FAVOURITES_MAX);
  return {
    ids: query.ids,
    cards: live.map(({ p, path, title }) => toPropertyCard(p, path, title, ctx.services.pictureGone)),
    went,
    gone,
    invalid: query.invalid,
    truncated: query.truncated,
  };
}

export default defineLoader(favourites, load);
