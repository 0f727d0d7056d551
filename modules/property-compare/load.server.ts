import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { PropertyRecord } from '../../renderer/listing-types.ts';
import type { PropertyCompareModule } from '../../schemas/types.gen.ts';
import { goalOf } from '../../shared/goal.ts';
import { epcDisplayText, epcForProperty } from '../../shared/epc.ts';
import { CARD_WIDTHS } from '../../shared/constants.ts';
import { firstListingPhoto } from '../../shared/listing-photos.ts';
import { imageSet, priceOf, PRICE_UNIT_FROM, viagerOf, type ImageSet } from '../lib/property-card.ts';
import { listed, type Went } from '../lib/listed.server.ts';
import { COMPARE_MAX } from '../lib/property-ids.ts';
import type { Viager } from '../../renderer/ui.tsx';
import propertyCompare from './index.ts';

export interface CompareColumn {
  id: number;
  title: string;
  path: string;
  image: ImageSet | null;
  goal: 'sale' | 'rent';
  price: number | null;
  priceFrom: boolean;
  viager: Viager | null;
}

export type CellKind = 'price' | 'eur' | 'eurM2' | 'm2' | 'int' | 'text' | 'kwh' | 'epc';
export type Cell = string | number | { text: string; image: string | null; region: string | null } | null;
export interface CompareRow {
  /** Its label's dictionary key. */
  label: string;
  kind: CellKind;
  cells: Cell[];
}
export interface CompareGroup {
  /** Its heading's dictionary key; empty: no heading (the price, first). */
  label: string;
  rows: CompareRow[];
}

export interface CompareData {
  /** Every readable number of the link, in its order (the address of each "remove"). */
  ids: number[];
  columns: CompareColumn[];
  groups: CompareGroup[];
  went: Went[];
  gone: number[];
  invalid: string[];
  truncated: boolean;
}

const livingSurface = (p: PropertyRecord) => p.SurfaceLiving ?? p.SurfaceTotal ?? null;

/** Price per m² of living surface (rounded to the euro); none without a published price or a surface. */
export function pricePerM2(p: PropertyRecord): number | null {
  const price = priceOf(p);
  const surface = livingSurface(p);
  return price !== null && !viagerOf(p) && surface ? Math.round(price / surface) : null;
}

type Row = [label: string, kind: CellKind, value: (p: PropertyRecord) => Cell | undefined];
const field = (f: keyof PropertyRecord, kind: CellKind): Row => [`field.${f}`, kind, (p) => (p[f] === 0 && kind !== 'int' ? null : (p[f] as Cell))];
const GROUPS: Array<[string, Row[]]> = [
  // The price as the column's heading says it (price, "from", rent, viager or on demand).
  [
    '',
    [
      ['compare.price', 'price', () => 'price'],
      ['compare.pricePerM2', 'eurM2', pricePerM2],
    ],
  ],
  [
    'group.surfaces',
    [field('SurfaceLiving', 'm2'), field('SurfaceTotal', 'm2'), field('SurfaceGround', 'm2'), field('SurfaceTerrace', 'm2'), field('SurfaceGarden', 'm2')],
  ],
  [
    'group.rooms',
    [
      field('NumberOfBedRooms', 'int'),
      field('NumberOfBathRooms', 'int'),
      field('NumberOfToilets', 'int'),
      field('NumberOfGarages', 'int'),
      field('NumberOfParkings', 'int'),
    ],
  ],
  [
    'group.energy',
    [
      [
        'field.EPCLabelText',
        'epc',
        (p) => {
          const epc = epcForProperty(p);
          return epc.label ? { text: epc.region === 'luxembourg' ? epc.label : epcDisplayText(epc.label), image: epc.image, region: epc.region } : null;
        },
      ],
      field('EnergyPerformance', 'kwh'),
      field('ConstructionYear', 'text'),
      field('ConditionName', 'text'),
    ],
  ],
  ['group.flood', [field('FloodZoneName', 'text'), field('PScore', 'text'), field('GScore', 'text')]],
  [
    'group.financial',
    [
      field('ChargesOwner', 'eur'),
      field('ChargesRenter', 'eur'),
      field('CadastralIncome', 'eur'),
      field('RealEstateTax', 'eur'),
      field('NotaryFeeInclVAT', 'eur'),
      field('AgencyCost', 'eur'),
      field('TotalCost', 'eur'),
      field('DepositAmount', 'eur'),
    ],
  ],
];

function load(_module: PropertyCompareModule, ctx: LoadContext): CompareData {
  const { query, live, went, gone } = listed(ctx, COMPARE_MAX);
  const records = live.map((l) => l.p);
  return {
    ids: query.ids,
    columns: live.map(({ p, path, title }) => ({
      id: p.ID,
      title,
      path,
      image: imageSet('property', p.ID, firstListingPhoto('property', p, ctx.services.pictureGone), title, CARD_WIDTHS),
      goal: goalOf(p),
      price: priceOf(p),
      priceFrom: p.PriceUnit === PRICE_UNIT_FROM,
      viager: viagerOf(p),
    })),
    // A row none of the properties has a value for (or only zeros) is left out, and a group without rows.
    groups: GROUPS.map(([label, rows]) => ({
      label,
      rows: rows
        .map(([rowLabel, kind, value]) => ({ label: rowLabel, kind, cells: records.map((p) => value(p) ?? null) }))
        .filter((r) => r.cells.some((c) => c !== null && c !== '' && c !== 0)),
    })).filter((g) => g.rows.length > 0),
    went,
    gone,
    invalid: query.invalid,
    truncated: query.truncated,
  };
}

export default defineLoader(propertyCompare, load);
