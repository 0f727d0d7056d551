import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { ProjectDetailModule } from '../../schemas/types.gen.ts';
import { listingPhotos } from '../../shared/listing-photos.ts';
import { photoSet } from '../lib/photo-set.ts';
import { projectState } from '../lib/project-state.ts';
import { todayOf } from '../../shared/delivery.ts';
import type { PhotoSet } from '../lib/Photos.tsx';
import projectDetail from './index.ts';

export interface ProjectDetailData {
  id: number;
  name: string;
  /** The CRM's project number (SPEC §3 projects). */
  number: string | null;
  address: string;
  photos: PhotoSet[];
  location: { lat: number; lng: number } | null;
  types: string[];
  description: string;
  /** `delivered`: the Delivery fact's period is over on the server's date. */
  facts: Array<{ key: string; text: string; delivered?: boolean }>;
  units: Array<{
    id: number;
    name: string;
    path?: string;
    status: string;
    price: number | null;
    surface: number | null;
    bedrooms: number | null;
    bathrooms: number | null;
    floor: number | null;
    type: number | null;
  }>;
  externalUrl: string | null;
  /** It has units and none is left on offer (modules/lib/project-state.ts). */
  soldOut: boolean;
}

function load(_module: ProjectDetailModule, ctx: LoadContext): ProjectDetailData | null {
  const { listings, pictureGone } = ctx.services;
  const id = ctx.params.projectId;
  const p = id !== undefined ? listings.project(id, ctx.lang) : undefined;
  if (!p) return null;
  const state = projectState(p, todayOf());
  return {
    id: p.ID,
    name: p.Name,
    number: p.ProjectNumber || null,
    address:
      p.PublicAddress !== false
        ? [[p.Street, p.HouseNumber].filter(Boolean).join(' '), [p.Zip, p.City].filter(Boolean).join(' ')].filter(Boolean).join(', ')
        : [p.Zip, p.City].filter(Boolean).join(' '),
    photos: listingPhotos('project', p, pictureGone).map((pic) => photoSet('project', p.ID, pic, pic.name || `${p.Name} (${pic.n})`)),
    location: p.Latitude != null && p.Longitude != null ? { lat: p.Latitude, lng: p.Longitude } : null,
    types: (p.WebIDName ?? '').split(' ; ').filter(Boolean),
    description: p.Description ?? '',
    facts: (['Status', 'Delivery', 'Constructions', 'Situation', 'Requirement'] as const)
      .filter((k) => p[k])
      .map((k) => ({ key: k, text: String(p[k]), ...(k === 'Delivery' ? { delivered: state.delivered } : {}) })),
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
        bathrooms: u.Bathrooms ?? null,
        floor: u.Floor ?? null,
        type: u.WebID ?? rec?.WebID ?? null,
      };
    }),
    externalUrl: p.ExternalUrl ?? null,
    soldOut: state.soldOut,
  };
}

export default defineLoader(projectDetail, load);
