/** The detail fields of a property grouped as the page shows them (SPEC §3 "Property detail fields"). */
import type { PropertyRecord } from '../../renderer/listing-types.ts';
import { epcForProperty } from '../../shared/epc.ts';
import { energyLabelKey } from './energy.ts';

/** How a value reads: `kwhM2` is the EPC value (kWh/m²/year), `kwhYear` the home's yearly total (kWh/year). */
export type FactKind = 'text' | 'int' | 'year' | 'm2' | 'm' | 'eur' | 'bool' | 'kwhM2' | 'kwhYear' | 'co2' | 'facades' | 'date' | 'score';
export interface Fact {
  field: string;
  kind: FactKind;
  value: string | number | boolean;
  /** The label's dictionary key when it is not `field.{field}` (an energy figure in its region's wording). */
  label?: string;
}
export interface FactGroup {
  key: string;
  facts: Fact[];
}

type F = [keyof PropertyRecord, FactKind];
const GROUPS: Array<[string, F[]]> = [
  [
    'general',
    [
      ['UniqueCode', 'text'],
      ['AvailabilityText', 'text'],
      ['ConstructionYear', 'year'],
      ['RenovationYear', 'year'],
      ['ConditionName', 'text'],
      ['Facades', 'facades'],
      ['NumberOfFloors', 'int'],
      ['Floor', 'int'],
      ['HasLift', 'bool'],
      ['IsFurnished', 'bool'],
    ],
  ],
  [
    'surfaces',
    [
      ['SurfaceLiving', 'm2'],
      ['SurfaceTotal', 'm2'],
      ['SurfaceGround', 'm2'],
      ['SurfaceConstructed', 'm2'],
      ['SurfaceTerrace', 'm2'],
      ['SurfaceGarden', 'm2'],
      ['SurfaceOffice', 'm2'],
      ['SurfaceStore', 'm2'],
      ['PlotWidth', 'm'],
      ['FrontWidth', 'm'],
    ],
  ],
  [
    'rooms',
    [
      ['NumberOfBedRooms', 'int'],
      ['NumberOfBathRooms', 'int'],
      ['NumberOfShowerRooms', 'int'],
      ['NumberOfToilets', 'int'],
      ['NumberOfGarages', 'int'],
      ['NumberOfParkings', 'int'],
      ['NumberOfExternalParkings', 'int'],
      ['HasCellar', 'bool'],
      ['HasAttic', 'bool'],
      ['ExtraRoomsPossible', 'bool'],
      ['HasGarden', 'bool'],
      ['GardenOrientation', 'text'],
      ['HasTerrace', 'bool'],
      ['TerraceOrientation', 'text'],
      ['RearOrientation', 'text'],
    ],
  ],
  [
    'comfort',
    [
      ['HeatingTypeName', 'text'],
      ['HeatingName', 'text'],
      ['KitchenName', 'text'],
      ['WindowGlazing', 'text'],
      ['WindowFrame', 'text'],
      ['RoofMaterial', 'text'],
      ['RoofCondition', 'text'],
      ['FloorCovering', 'text'],
      ['HasGas', 'bool'],
      ['HasWater', 'bool'],
      ['HasElectricityConnection', 'bool'],
      ['HasDrainConnection', 'bool'],
    ],
  ],
  [
    'energy',
    [
      ['EPCTotal', 'kwhYear'],
      ['EnergyValue', 'kwhM2'],
      ['CO2Emission', 'co2'],
      ['ELevel', 'int'],
      ['EPCEndDate', 'date'],
    ],
  ],
  [
    'financial',
    [
      ['CadastralIncome', 'eur'],
      ['ChargesOwner', 'eur'],
      ['ChargesRenter', 'eur'],
      ['DepositAmount', 'eur'],
      ['NotaryFeeInclVAT', 'eur'],
      ['NotaryFeeExclVAT', 'eur'],
      ['VATValue', 'eur'],
      ['VATRegime', 'text'],
      ['ConstructionCost', 'eur'],
      ['RealEstateTax', 'eur'],
      ['AgencyCost', 'eur'],
      ['TotalCost', 'eur'],
      ['GaragePrice', 'eur'],
      ['Inventory', 'text'],
    ],
  ],
  [
    'viager',
    [
      ['ViagerRent', 'eur'],
      ['ViagerBouquet', 'eur'],
      ['ViagerAge', 'int'],
    ],
  ],
  [
    'planning',
    [
      ['PlanningInformation', 'text'],
      ['FlemishPlanningCodes', 'text'],
      ['AreaApplication', 'text'],
      ['RegistrationType', 'text'],
      ['HasPermit', 'bool'],
      ['HasAllotmentPermit', 'bool'],
      ['HasSummons', 'bool'],
      ['HasPreemptiveRights', 'bool'],
      ['HasJudicialDecision', 'bool'],
      ['HasRegisteredRight', 'bool'],
    ],
  ],
  [
    'flood',
    [
      ['IsFloodZone', 'bool'],
      ['FloodZoneName', 'text'],
      ['RiparianZoneName', 'text'],
      ['FloodRiskAreaText', 'text'],
      ['PScore', 'score'],
      ['GScore', 'score'],
    ],
  ],
  [
    'asbestos',
    [
      ['AsbestosType', 'text'],
      ['AsbestosDate', 'date'],
    ],
  ],
  [
    'certificates',
    [
      ['GroundCertificate', 'text'],
      ['GasCertificate', 'text'],
      ['ElectricityCertificate', 'text'],
    ],
  ],
];

/** Every field that has a value, in its group; empty groups are left out. */
export function factGroups(p: PropertyRecord): FactGroup[] {
  const region = epcForProperty(p).region;
  return GROUPS.map(([key, fields]) => ({
    key,
    facts: fields
      .filter(([f]) => {
        const v = p[f];
        return v !== null && v !== undefined && v !== '' && !(typeof v === 'number' && v === 0 && f !== 'Floor');
      })
      .map(([f, kind]) => {
        const label = energyLabelKey(f, region);
        return { field: f as string, kind, value: p[f] as string | number | boolean, ...(label ? { label } : {}) };
      }),
  })).filter((g) => g.facts.length > 0);
}
