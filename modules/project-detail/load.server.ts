import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { ProjectDetailModule } from '../../schemas/types.gen.ts';
import { listingPhotos } from '../../shared/listing-photos.ts';
import { photoSet } from '../lib/photo-set.ts';
import { isSoldOut } from '../lib/property-card.ts';
import type { PhotoSet } from '../lib/Photos.tsx';
import projectDetail from './index.tsx';

export interface ProjectDetailData {
  id: number;
  name: string;
  address: string;
  photos: PhotoSet[];
  location: { lat: number; lng: number } | null;
  types: string[];
  description: string;
  facts: Array<{ key: string; text: string }>;
  units: Array<{
    id: number;
    name: string;
    path?: string;
    status: string;
    price: number | null;
    surface: number | null;
    bedrooms: number | null;
    floor: number | null;
    type: number | null;
  }>;
  externalUrl: string | null;
  /** Every unit sold. */
  soldOut: boolean;
}

function load(_module: ProjectDetailModule, ctx: LoadContext): ProjectDetailData | null {
  const { listings, pictureGone } = ctx.services;
  const id = ctx.params.projectId;
  const p = id !== undefined ? listings.project(id, ctx.lang) : undefined;
  if (!p) return null;
  return {
    id: p.ID,
    name: p.Name,
    address:
      p.PublicAddress !== false
        ? [[p.Street, p.HouseNumber].filter(Boolean).join(' '), [p.Zip, p.City].filter(Boolean).join(' ')].filter(Boolean).join(', ')
        : [p.Zip, p.City].filter(Boolean).join(' '),
    photos: listingPhotos('project', p, pictureGone).map((pic) => photoSet('project', p.ID, pic, pic.name || `${p.Name} (${pic.n})`)),
    location: p.Latitude != null && p.Longitude != null ? { lat: p.Latitude, lng: p.Longitude } : null,
    types: (p.WebIDName ?? '').split(' ; ').filter(Boolean),
    description: p.Description ?? '',
    facts: (['Status', 'Delivery', 'Constructions', 'Situation', 'Requirement'] as const).filter((k) => p[k]).map((k) => ({ key: k, text: String(p[k]) })),
    units: p.Units.map((u) => {
      const rec = listings.property(u.PropertyID, ctx.lang);
      return {
        id: u.PropertyID,
        name: u.Name || (rec ? ctx.services.propertyTitle(rec, ctx.lang) : String(u.PropertyID)),
        path: rec ? ctx.services.listingPath('property', u.PropertyID, ctx.lang) : undefined,
        status: u.Status,
        price: u.Price ?? null,
        surface: u.Surface ?? null,
        bedrooms: u.Bedrooms ?? null,
        floor: u.Floor ?? null,
        type: u.WebID ?? rec?.WebID ?? null,
      };
    }),
    externalUrl: p.ExternalUrl ?? null,
    soldOut: isSoldOut(p.Units),
  };
}

export default defineLoader(projectDetail, load);
