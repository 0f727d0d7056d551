import { isWebLink } from '../../shared/formats.ts';
import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import { goalOf } from '../../shared/goal.ts';
import type { PropertyRecord } from '../../renderer/listing-types.ts';
import { epcDisplayText, epcForProperty, epcLetter, needsRenovationNotice } from '../../shared/epc.ts';
import { detectVideo, type VideoInfo } from '../../shared/video.ts';
import type { PropertyDetailModule } from '../../schemas/types.gen.ts';
import { priceOf, PRICE_UNIT_FROM, toPropertyCard, viagerOf, type PropertyCardData } from '../lib/property-card.ts';
import type { Viager } from '../../renderer/ui.tsx';
import { photoSet } from '../lib/photo-set.ts';
import { listingPhotos } from '../../shared/listing-photos.ts';
import type { PhotoSet } from '../lib/Photos.tsx';
import { decodeEntities, stripTags } from '../../shared/listing-text.ts';
import { toPerson, type PersonCard } from '../lib/articles.ts';
import { factGroups, type FactGroup } from './facts.ts';
import { homeKindOf, renovationQuery } from '../../shared/renovation.ts';
import { COUNTRY_BELGIUM, regionOfPostcode } from '../../shared/region.ts';
import { pricePerM2, type PriceDrop } from '../../shared/price.ts';
import { buyingCostsTeaser, type BuyingCostsTeaser } from '../lib/buying-costs.server.ts';
import propertyDetail from './index.ts';

export interface PropertyDetailData {
  id: number;
  reference: string;
  title: string;
  type: number | null;
  typeName: string | null;
  goal: 'sale' | 'rent';
  availability: PropertyRecord['Availability'];
  marquee: string | null;
  price: number | null;
  priceFrom: boolean;
  /** An annuity sale: bouquet and monthly rent in place of the price. */
  viager: Viager | null;
  address: string[];
  city: string;
  photos: PhotoSet[];
  description: string[];
  keyFacts: { bedrooms: number | null; bathrooms: number | null; surface: number | null; plot: number | null };
  groups: FactGroup[];
  epc: { region: string | null; text: string; image: string | null; value: number | null; notice: boolean } | null;
  documents: Array<{ name: string; url: string; size?: number }>;
  video: VideoInfo | null;
  tour: VideoInfo | null;
  /** Exact when the address is published; otherwise an approximate area (no street view). */
  location: { lat: number; lng: number; approximate: boolean; streetView?: string } | null;
  agent: PersonCard | null;
  similar: PropertyCardData[];
  project: { name: string; path: string } | null;
  contactPath?: string;
  /** The renovation calculator prefilled with this home (a home with an energy value in a Belgian region). */
  renovationPath?: string;
  /** Issue 39: the price per m² of living surface and a recent price drop. */
  pricePerM2: number | null;
  priceDrop: PriceDrop | null;
  /** Buying costs of a sale property and the calculator prefilled with it (issue 39). */
  buyingCosts?: BuyingCostsTeaser;
}

/** Hidden addresses show an area, not a point: coordinates rounded to about half a kilometre. */
const APPROXIMATE_STEP = 0.005;
const roundTo = (v: number, step: number) => Math.round(v / step) * step;

const paragraphs = (text: string | null | undefined) =>
  stripTags((text ?? '').replace(/<br\s*\/?>/gi, '\n'), '')
    .split(/\n\s*\n|\n/)
    .map((s) => decodeEntities(s).replace(/\s+/g, ' ').trim())
    .filter(Boolean);

function load(module: PropertyDetailModule, ctx: LoadContext): PropertyDetailData | null {
  const { content, listings, routes, pictureGone } = ctx.services;
  const id = ctx.params.propertyId;
  const p = id !== undefined ? listings.property(id, ctx.lang) : undefined;
  if (!p) return null;
  const title = ctx.services.propertyTitle(p, ctx.lang);
  const epc = epcForProperty(p);
  const agentRecord = p.AgentID ? content.articles.find((a) => a.category === 'team' && a.id === p.AgentID) : undefined;
  const project = p.ProjectID ? listings.project(p.ProjectID, ctx.lang) : undefined;
  const projectPath = project && ctx.services.listingPath('project', project.ID, ctx.lang);
  const contact = content.pages.find((x) => x.path === '/contact/');
  const pictures = listingPhotos('property', p, pictureGone);
  return {
    id: p.ID,
    reference: p.UniqueCode || p.RecordFile || String(p.ID),
    title,
    type: p.WebID ?? null,
    typeName: p.MainTypeName || null,
    goal: goalOf(p),
    availability: p.Availability,
    marquee: p.Marquee ? (p.MarqueeName ?? null) : null,
    price: priceOf(p),
    priceFrom: p.PriceUnit === PRICE_UNIT_FROM,
    viager: viagerOf(p),
    address:
      p.PublishAddress !== false && p.Street
        ? [[p.Street, p.HouseNumber, p.BoxNr ? `/${p.BoxNr}` : ''].filter(Boolean).join(' '), [p.Zip, p.City].filter(Boolean).join(' ')]
        : [[p.Zip, p.City].filter(Boolean).join(' ')],
    city: p.City,
    photos: pictures.map((pic) => photoSet('property', p.ID, pic, pic.name || `${title} (${pic.n})`)),
    description: paragraphs(p.Description),
    keyFacts: {
      bedrooms: p.NumberOfBedRooms ?? null,
      bathrooms: p.NumberOfBathRooms ?? null,
      surface: p.SurfaceLiving ?? p.SurfaceTotal ?? null,
      plot: p.SurfaceGround ?? null,
    },
    groups: factGroups(p),
    epc: epc.label
      ? {
          region: epc.region,
          text: epc.region === 'luxembourg' ? epc.label : epcDisplayText(epc.label),
          image: epc.image,
          value: p.EnergyPerformance ?? null,
          notice: needsRenovationNotice(epcLetter(epc.label)),
        }
      : null,
    // Only http(s) addresses and this site's paths are offered as links (issue 40: a data: link was).
    documents: (p.Documents ?? []).filter((d) => d.Url && isWebLink(d.Url)).map((d) => ({ name: d.Name, url: d.Url, size: d.Size })),
    video: detectVideo(p.Video),
    tour: detectVideo(p.VirtualTour),
    location:
      p.Latitude == null || p.Longitude == null
        ? null
        : p.PublishAddress !== false
          ? {
              lat: p.Latitude,
              lng: p.Longitude,
              approximate: false,
              streetView: `https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${p.Latitude},${p.Longitude}`,
            }
          : { lat: roundTo(p.Latitude, APPROXIMATE_STEP), lng: roundTo(p.Longitude, APPROXIMATE_STEP), approximate: true },
    agent: agentRecord ? toPerson(agentRecord, ctx) : null,
    similar: listings
      .similar(p.ID, ctx.lang, module.similarCount ?? 4)
      .map((sid) => {
        const s = listings.property(sid, ctx.lang)!;
        const path = ctx.services.listingPath('property', sid, ctx.lang);
        return path ? toPropertyCard(s, path, ctx.services.propertyTitle(s, ctx.lang), pictureGone, listings.priceDrop(sid)) : undefined;
      })
      .filter((c): c is PropertyCardData => !!c),
    project: project && projectPath ? { name: project.Name, path: projectPath } : null,
    contactPath: contact ? routes.pagePath(contact, ctx.lang) : undefined,
    renovationPath: renovationPathOf(p, ctx),
    pricePerM2: pricePerM2(p),
    priceDrop: listings.priceDrop(p.ID),
    buyingCosts: buyingCostsTeaser(p, ctx),
  };
}

/** The calculator's page with this home's postcode, kind, surface, year and energy value (issue 16). */
function renovationPathOf(p: PropertyRecord, ctx: LoadContext): string | undefined {
  const kind = homeKindOf(p.WebID, p.Facades);
  const surface = p.SurfaceLiving ?? p.SurfaceTotal;
  if (!kind || typeof p.EnergyPerformance !== 'number' || !regionOfPostcode(p.Zip) || p.CountryID !== COUNTRY_BELGIUM) return undefined;
  const page = ctx.services.content.pages.find((x) => x.modules?.some((m) => m.view === 'renovation-calculator' && m.status === 'Published'));
  if (!page) return undefined;
  const query = renovationQuery({
    property: p.ID,
    zip: p.Zip!.trim(),
    kind,
    surface: surface ?? undefined,
    year: p.ConstructionYear ?? undefined,
    energy: Math.round(p.EnergyPerformance),
  });
  return `${ctx.services.routes.pagePath(page, ctx.lang)}?${query.toString()}`;
}

export default defineLoader(propertyDetail, load);
