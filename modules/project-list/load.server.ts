import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { ProjectListModule } from '../../schemas/types.gen.ts';
import { CARD_WIDTHS } from '../../shared/constants.ts';
import { firstListingPhoto } from '../../shared/listing-photos.ts';
import { imageSet, type ImageSet } from '../lib/property-card.ts';
import { projectState } from '../lib/project-state.ts';
import { todayOf } from '../../shared/delivery.ts';
import projectList from './index.ts';

export interface ProjectCard {
  id: number;
  name: string;
  city: string;
  path: string;
  types: string;
  priceFrom: number | null;
  delivery: string | null;
  /** The delivery period is over (on the server's date). */
  delivered: boolean;
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
  const today = todayOf();
  return {
    projects: listings
      .projects(ctx.lang)
      .slice(0, max)
      .map((p) => ({ p, state: projectState(p, today) }))
      .map(({ p, state }) => ({
        id: p.ID,
        name: p.Name,
        city: p.City,
        path: ctx.services.listingPath('project', p.ID, ctx.lang) ?? '#',
        types: p.WebIDName ?? '',
        priceFrom: state.priceFrom,
        delivery: p.Delivery ?? null,
        delivered: state.delivered,
        status: p.Status ?? null,
        image: imageSet('project', p.ID, firstListingPhoto('project', p, pictureGone), p.Name, CARD_WIDTHS),
        units: state.units,
        available: state.left,
        soldOut: state.soldOut,
      })),
  };
}

export default defineLoader(projectList, load);
