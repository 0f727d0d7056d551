import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { ProjectListModule } from '../../schemas/types.gen.ts';
import { CARD_WIDTHS } from '../../shared/constants.ts';
import { firstListingPhoto } from '../../shared/listing-photos.ts';
import { imageSet, isSoldOut, type ImageSet } from '../lib/property-card.ts';
import projectList from './index.tsx';

export interface ProjectCard {
  id: number;
  name: string;
  city: string;
  path: string;
  types: string;
  priceFrom: number | null;
  delivery: string | null;
  status: string | null;
  image: ImageSet | null;
  units: number;
  available: number;
  /** Every unit sold: shown as sold out, without a price. */
  soldOut: boolean;
}

export interface ProjectListData {
  projects: ProjectCard[];
}

function load(module: ProjectListModule, ctx: LoadContext): ProjectListData {
  const { listings, pictureGone } = ctx.services;
  const max = module.maxItems ?? 100;
  return {
    projects: listings
      .projects(ctx.lang)
      .slice(0, max)
      .map((p) => ({
        id: p.ID,
        name: p.Name,
        city: p.City,
        path: ctx.services.listingPath('project', p.ID, ctx.lang) ?? '#',
        types: p.WebIDName ?? '',
        priceFrom: p.PriceFrom ?? null,
        delivery: p.Delivery ?? null,
        status: p.Status ?? null,
        image: imageSet('project', p.ID, firstListingPhoto('project', p, pictureGone), p.Name, CARD_WIDTHS),
        units: p.Units.length,
        available: p.Units.filter((u) => u.Status === 'available').length,
        soldOut: isSoldOut(p.Units),
      })),
  };
}

export default defineLoader(projectList, load);
