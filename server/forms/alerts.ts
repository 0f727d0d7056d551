/**
 * Search alerts (demand register): after an import, every active demand whose criteria match new
 * properties gets one mail listing them, in the demand's language, with an unsubscribe link. A
 * property is new when it has never been live before: one that comes back after a rollback, or
 * after a refused import left the site as it was, was announced already (DATA_DIR/listings/known-ids.json).
 */
import { randomBytes } from 'node:crypto';
import type { Lang } from '../../shared/constants.ts';
import type { ListingSource, PropertyRecord } from '../../renderer/listing-types.ts';
import { cityKeyOf, goalOf, isAvailable, typesOf } from '../listings/store.ts';
import type { ListingSetRepository } from '../storage/types.ts';
import type { LeadRepository, OutboxMessage, OutboxRepository } from '../storage/index.ts';
import { escapeHtml as esc } from '../http/request.ts';
import { mailLayout, smallLink } from '../mail/layout.ts';
import type { Site } from '../site/site.ts';
import { formatPrice } from '../../shared/format.ts';
import type { DemandRegisterForm } from '../../schemas/types.gen.ts';
import { COUNTRY_LUXEMBOURG, regionOfPostcode } from '../../shared/region.ts';

/** What a demand asks for: the criteria of the demand-register form (schemas/form-demand-register.json). */
export type Demand = Pick<
  DemandRegisterForm,
  | 'goal'
  | 'types'
  | 'regions'
  | 'cities'
  | 'zips'
  | 'minPrice'
  | 'maxPrice'
  | 'bedrooms'
  | 'maxBedrooms'
  | 'bathrooms'
  | 'garages'
  | 'parkings'
  | 'terrace'
  | 'garden'
>;

/** A 128-bit token for a link that works without logging in (unsubscribe, testimonial review). */
export const linkToken = () => randomBytes(16).toString('hex');

/** The postcodes a demand's `zips` names (four digits each). */
export const zipsOf = (zips: string | undefined): string[] => (zips ?? '').split(/[ ,;]+/).filter((z) => /^\d{4}$/.test(z));

/**
 * Whether a property lies in one of a demand's zones (SPEC §3 "region/zip/city"): its region (by
 * postcode, SPEC §9), its postcode, or its municipality (the city filter's value).
 */
function inZone(p: PropertyRecord, d: Demand): boolean {
  const zip = (p.Zip ?? '').trim();
  const region = regionOfPostcode(zip);
  return (
    (!!region && p.CountryID !== COUNTRY_LUXEMBOURG && !!(d.regions as readonly string[] | undefined)?.includes(region)) ||
    (!!zip && zipsOf(d.zips).includes(zip)) ||
    !!d.cities?.includes(cityKeyOf(p.Zip, p.City))
  );
}

export function matchesDemand(p: PropertyRecord, d: Demand): boolean {
  const types = new Set(d.types.map(Number));
  const price = p.PublishPrice === false || p.PriceOnDemand ? null : p.Price;
  return (
    isAvailable(p) &&
    goalOf(p) === d.goal &&
    typesOf(p).some((t) => types.has(t)) &&
    inZone(p, d) &&
    (d.minPrice === undefined || (price !== null && price >= d.minPrice)) &&
    (d.maxPrice === undefined || (price !== null && price <= d.maxPrice)) &&
    (p.NumberOfBedRooms ?? 0) >= (d.bedrooms ?? 0) &&
    (d.maxBedrooms === undefined || (p.NumberOfBedRooms ?? 0) <= d.maxBedrooms) &&
    (p.NumberOfBathRooms ?? 0) >= (d.bathrooms ?? 0) &&
    (p.NumberOfGarages ?? 0) >= (d.garages ?? 0) &&
    (p.NumberOfParkings ?? 0) >= (d.parkings ?? 0) &&
    (!d.terrace || !!(p.HasTerrace || (p.SurfaceTerrace ?? 0) > 0)) &&
    (!d.garden || !!(p.HasGarden || (p.SurfaceGarden ?? 0) > 0))
  );
}

const KNOWN_IDS = 'known-ids.json';

/**
 * The properties of `live` never live before; `remember` then records them as known (after their
 * alerts are queued, so that a crash in between repeats an alert rather than losing it — the outbox
 * ignores a repeated alert of the same set). The first time (no record yet) every property is taken
 * as known and none as new: the shipped sample or a first import is not news.
 */
export async function newPropertyIds(sets: ListingSetRepository, live: ListingSource): Promise<{ fresh: number[]; remember: () => Promise<void> }> {
  const text = await sets.readAux(KNOWN_IDS);
  const ids = live.propertyIds();
  let known: Set<number> | null = null;
  try {
    known = text ? new Set(JSON.parse(text) as number[]) : null;
  } catch {
    known = null;
  }
  const fresh = known ? ids.filter((id) => !known.has(id)) : [];
  const remember = async () => {
    if (!known || fresh.length) await sets.writeAux(KNOWN_IDS, JSON.stringify([...new Set([...(known ?? []), ...ids])]));
  };
  return { fresh, remember };
}

/** Mails the demands that the properties `fresh` of `next` match; returns how many mails. */
export async function sendAlerts(
  fresh: number[],
  next: ListingSource,
  site: Site,
  store: { leads: LeadRepository; outbox: OutboxRepository },
  kick: () => void,
): Promise<number> {
  if (!fresh.length) return 0;
  const mails: OutboxMessage[] = [];
  for (const s of (await store.leads.find({ kind: 'demand-register', alertActive: true })).items) {
    const alert = s.alert!;
    const lang = s.lang as Lang;
    const demand = s.fields as unknown as DemandRegisterForm;
    const matches = fresh.map((id) => next.property(id, lang)).filter((p): p is PropertyRecord => !!p && matchesDemand(p, demand));
    if (!matches.length) continue;
    const t = (key: string, values?: Record<string, string | number>) => site.message(lang, key, values);
    const items = matches.map((p) => ({
      title: site.propertyTitle(p, lang),
      url: site.absoluteUrl(site.propertyPath(p, lang) ?? ''),
      price: p.PublishPrice === false ? t('price.onDemand') : formatPrice(p.Price),
    }));
    const unsubscribe = site.absoluteUrl(`/api/alerts/unsubscribe?token=${alert.token}`);
    const name = [demand.firstName, demand.lastName].filter(Boolean).join(' ');
    const agency = site.content.site.name;
    mails.push({
      id: `${s.id}-alert-${next.version}`,
      to: demand.email,
      from: `"${agency}" <${site.content.site.email}>`,
      lang,
      attempts: 0,
      nextAttemptAt: 0,
      subject: t('alert.subject', { count: matches.length, agency }),
      text: `${t('mail.greeting', { name })}\n\n${t('alert.intro', { count: matches.length })}\n\n${items.map((i) => `- ${i.title} – ${i.price}\n  ${i.url}`).join('\n')}\n\n${t('alert.unsubscribe')}: ${unsubscribe}\n\n${agency}\n`,
      html: mailLayout({
        agency,
        lang,
        smallPrint: smallLink(unsubscribe, t('alert.unsubscribe')),
        body: `<p>${esc(t('mail.greeting', { name }))}</p><p>${esc(t('alert.intro', { count: matches.length }))}</p><ul>${items.map((i) => `<li><a href="${esc(i.url)}">${esc(i.title)}</a> – ${esc(i.price)}</li>`).join('')}</ul><p>${esc(agency)}</p>`,
      }),
    });
  }
  // The same import never mails a demand twice (the id carries the listing version).
  const queued = mails.length ? await store.outbox.enqueue(mails) : 0;
  if (queued) kick();
  return queued;
}
