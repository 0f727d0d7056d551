/** Structured data of a property detail page (schema.org RealEstateListing with its offer). */
import type { PropertyRecord } from '../../renderer/listing-types.ts';
import { LOCALES, type Lang } from '../../shared/constants.ts';
import { goalOf, isAvailable } from '../listings/store.ts';

export function listingJsonLd(p: PropertyRecord, url: string, image: string, lang: Lang) {
  const priced = p.PublishPrice !== false && !p.PriceOnDemand && typeof p.Price === 'number';
  const surface = p.SurfaceLiving ?? p.SurfaceTotal;
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    url,
    name: p.TypeDescription || p.MainTypeName || undefined,
    inLanguage: LOCALES[lang],
    datePosted: p.CreateDate,
    image: image || undefined,
    offers: {
      '@type': 'Offer',
      businessFunction: goalOf(p) === 'sale' ? 'http://purl.org/goodrelations/v1#Sell' : 'http://purl.org/goodrelations/v1#LeaseOut',
      availability: isAvailable(p) ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      ...(priced ? { price: p.Price, priceCurrency: 'EUR' } : {}),
    },
    about: {
      '@type': p.WebID === 1 ? 'House' : p.WebID === 2 || p.WebID === 3 ? 'Apartment' : 'Accommodation',
      address: {
        '@type': 'PostalAddress',
        ...(p.PublishAddress !== false && p.Street ? { streetAddress: [p.Street, p.HouseNumber].filter(Boolean).join(' ') } : {}),
        postalCode: p.Zip || undefined,
        addressLocality: p.City,
        addressCountry: p.CountryID === 50 ? 'LU' : 'BE',
      },
      ...(surface ? { floorSize: { '@type': 'QuantitativeValue', value: surface, unitCode: 'MTK' } } : {}),
      ...(p.NumberOfBedRooms ? { numberOfBedrooms: p.NumberOfBedRooms } : {}),
      ...(p.NumberOfBathRooms ? { numberOfBathroomsTotal: p.NumberOfBathRooms } : {}),
      ...(p.Latitude && p.Longitude ? { geo: { '@type': 'GeoCoordinates', latitude: p.Latitude, longitude: p.Longitude } } : {}),
    },
  };
}
