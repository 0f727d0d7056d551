// The forms as their tests meet them: the sample homes they are about, a visitor's request, and
// what the server stored.
import { readStoredLeads } from '../../server/storage/index.ts';
import { sampleListings } from './listings.ts';
import { person } from './visitor.ts';

export const sample = (await sampleListings()) as any;
export type P = { ID: number; language: string; Availability: string; Goal: number; Price: number; NumberOfBedRooms?: number };
/** The first French sample home available for rent, and for sale. */
export const rental: P = sample.properties.find((p: P) => p.language === 'fr' && p.Availability === 'available' && p.Goal === 1);
export const forSale: P = sample.properties.find((p: P) => p.language === 'fr' && p.Availability === 'available' && p.Goal === 0);

/** What a rental application about `rental` adds to the applicant: an income that qualifies, one person, every confirmation ticked. */
export const qualifyingRental = () => ({
  propertyId: rental.ID,
  monthlyIncome: rental.Price * 3,
  persons: 1,
  confirmIncome: true,
  confirmPersons: true,
  confirmDescription: true,
  confirmPayment: true,
});

/** A general contact request as the site's form sends it (Camille Dupont, in French). */
export const contactRequest = () => ({ ...person(), message: 'Bonjour, je souhaite vendre ma maison à Uccle.', newsletter: false });

/** The requests and the outbox as the server stored them. */
export const leads = (dataDir: string) => readStoredLeads(dataDir) as { submissions: any[]; outbox: any[] };

/** Waits for a condition on real work (a mail arriving), checking every 50 ms. */
export const until = async (cond: () => boolean, ms = 8000) => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};
