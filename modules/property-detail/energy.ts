/**
 * Energy figures as each region's certificate words them, with their own unit (issue 39): the EPC
 * value is per m² and per year (kWh/m²/year: EnergyPerformance, EnergyValue), the total is the
 * whole home's per year (kWh/year: EPCTotal, about the value times the surface), CO₂ per m² and
 * per year. Numbers in the Belgian format of every language (20.445, 87,5: shared/format.ts).
 * Flanders calls the value its "EPC-score"; Brussels its "primary energy consumption"; Wallonia its
 * "specific primary energy consumption" (and the total its "theoretical total"). Luxembourg and
 * properties without a Belgian region keep the general wording (`field.*`).
 */
import { formatNumber } from '../../shared/format.ts';
import type { EpcRegion } from '../../shared/epc.ts';
import type { Fact, FactKind } from './facts.ts';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The energy fields each region words its own way, and how. */
const REGIONAL: Record<string, 'value' | 'total' | 'co2'> = {
  EnergyPerformance: 'value',
  EnergyValue: 'value',
  EPCTotal: 'total',
  CO2Emission: 'co2',
};

/** The dictionary key of an energy field's label in its region's wording; undefined: the field's general label. */
export function energyLabelKey(field: string, region: EpcRegion | null): string | undefined {
  const what = REGIONAL[field];
  return what && region && region !== 'luxembourg' ? `energy.${what}.${region}` : undefined;
}

/** The dictionary key of each kind of figure with a unit. */
const UNIT_KEYS: Partial<Record<FactKind, string>> = {
  m2: 'unit.m2',
  m: 'unit.m',
  kwhM2: 'unit.kwh',
  kwhYear: 'energy.unit.kwhYear',
  co2: 'unit.co2',
};

/** The text of a figure with a unit ('20.445 kWh/jaar', '87,5 m²'); undefined for a kind without a unit. */
export function unitText(kind: FactKind, value: Fact['value'], t: Translate): string | undefined {
  const key = UNIT_KEYS[kind];
  return key ? t(key, { value: formatNumber(value) }) : undefined;
}

/** The EPC value under the label image: '<the region's name for it>: 235 kWh/m²/year'. */
export function epcValueText(region: string | null, value: number, t: Translate): string {
  const label = energyLabelKey('EnergyPerformance', region as EpcRegion | null) ?? 'field.EnergyPerformance';
  return t('tool.pair', { label: t(label), value: unitText('kwhM2', value, t)! });
}
