#!/usr/bin/env node
// Deterministic generator of the CRM "preloaded response" (properties, projects, webIDs, citys…).
// Usage: node sample/gen-listings.mjs [--count N] [--projects M] [--out FILE] [--seed S]
import { closeSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  LANGS,
  COUNTRY,
  PLACES,
  TYPES,
  TYPE_WEIGHTS,
  SALE_PRICE,
  RENT_PRICE,
  REGION_PRICE_FACTOR,
  MARQUEE,
  PRICE_FROM,
  EPC_SCALES,
  LUX_LABELS,
  AGENTS,
  HEATING,
  KITCHEN,
  GLAZING,
  FRAME,
  ROOF,
  ROOF_CONDITION,
  FLOOR_COVERING,
  CONDITION,
  ORIENT,
  CONFORM,
  GROUND_CERT,
  REGISTRATION,
  PLANNING,
  FLOOD,
  RIPARIAN,
  ASBESTOS,
  INVENTORY,
  AVAILABLE_FROM,
  FLEMISH_CODES,
  DOCUMENTS,
  ROOMS,
  ROOM_SETS,
  FIELD_ORDER,
  PROJECT_STATUS,
  PROJECTS,
  PORTALS,
  headline,
  description,
} from './listing-data.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BASE_COUNT = 132;
const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];
const FIRST_ID = 1001;
const T_START = Date.UTC(2025, 0, 6);
const T_END = Date.UTC(2026, 10, 27);
const NEW_AFTER = Date.UTC(2026, 8, 20);

export function mulberry32(a) {
  return function next() {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function seedOf(s) {
  if (typeof s === 'number' && Number.isFinite(s)) return s >>> 0;
  let h = 2166136261;
  for (const ch of String(s)) h = Math.imul(h ^ ch.codePointAt(0), 16777619);
  return h >>> 0;
}
const SHARED_TABLES = new Set([...Object.values(TYPE_WEIGHTS), HEATING, GLAZING]);
function tools(r) {
  const int = (a, b) => a + Math.floor(r() * (b - a + 1));
  const chance = (p) => r() < p;
  const pick = (arr) => arr[Math.floor(r() * arr.length)];
  const cache = new Map();
  const weighted = (w) => {
    // object {key: weight} (returns the numeric key) or array of {w} (returns the item)
    let e = cache.get(w);
    if (!e) {
      const arr = Array.isArray(w);
      const items = arr ? w.slice() : Object.keys(w).map(Number);
      const weights = arr ? w.map((x) => x.w) : Object.values(w);
      e = { items, weights, total: weights.reduce((a, b) => a + b, 0) };
      if (SHARED_TABLES.has(w)) cache.set(w, e); // inline literals are rebuilt per call: cache only the shared tables
    }
    let x = r() * e.total;
    for (let i = 0; i < e.items.length; i++) {
      x -= e.weights[i];
      if (x < 0) return e.items[i];
    }
    return e.items[e.items.length - 1];
  };
  const shuffle = (arr) => {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [arr[i], arr[j]] = [arr[j], arr[i]];
    }
    return arr;
  };
  return { r, int, chance, pick, weighted, shuffle };
}
const roundTo = (v, step) => Math.round(v / step) * step;
const clamp = (v, a, b) => Math.min(b, Math.max(a, v));
const iso = (t) => new Date(t).toISOString().replace('.000Z', 'Z');
const day = (t) => new Date(t).toISOString().slice(0, 10);

function docSizes() {
  const out = {};
  for (const d of DOCUMENTS) {
    try {
      out[d.file] = statSync(resolve(ROOT, 'site-config/media/documents', d.file)).size;
    } catch {
      out[d.file] = 1200;
    }
  }
  return out;
}

// Distribute `count` over the places proportionally to their base counts (largest remainder).
function quotas(count) {
  const raw = PLACES.map((p) => (p.base * count) / BASE_COUNT);
  const q = raw.map(Math.floor);
  let left = count - q.reduce((a, b) => a + b, 0);
  const order = raw.map((v, i) => [v - Math.floor(v), i]).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) q[order[k][1]]++;
  return q;
}

function planSlots(T, count, nProjects) {
  const q = quotas(count);
  const slots = [];
  const byZip = new Map();
  PLACES.forEach((place, i) => {
    const list = [];
    const rent = Math.round(q[i] * place.rent);
    for (let k = 0; k < q[i]; k++) list.push({ place, goal: k < rent ? 1 : 0, forced: null, unit: null });
    if (place.zip === '1030') {
      // Schaerbeek: affordable available apartments for sale
      const n = Math.ceil((9 * q[i]) / 36);
      list
        .filter((s) => s.goal === 0)
        .slice(0, n)
        .forEach((s) => {
          s.forced = 'apt';
        });
    }
    byZip.set(place.zip, list);
    slots.push(...list);
  });
  // Projects: templates 1..9, then templates with an address again (“II”, “III”…).
  const projects = [];
  const withCity = PROJECTS.filter((p) => !p.empty);
  for (let id = 1; id <= nProjects; id++) {
    const tpl = id <= PROJECTS.length ? PROJECTS[id - 1] : withCity[(id - 1 - PROJECTS.length) % withCity.length];
    const round = id <= PROJECTS.length ? 0 : Math.floor((id - 1 - PROJECTS.length) / withCity.length) + 1;
    const free = (byZip.get(tpl.zip) || []).filter((s) => s.goal === 0 && !s.forced && !s.unit);
    const units = [];
    tpl.types.forEach((type, k) => {
      if (free[k]) {
        free[k].unit = { project: id, type, index: k };
        units.push(free[k]);
      }
    });
    projects.push({ id, tpl, round, units });
  }
  T.shuffle(slots);
  return { slots, projects };
}

function epcValue(T, region, counters, orders) {
  const scale = EPC_SCALES[region];
  if (!orders[region]) orders[region] = T.shuffle(Object.keys(scale));
  const label = orders[region][(counters[region] = ((counters[region] ?? -1) + 1) % orders[region].length)];
  const [a, b] = scale[label];
  return T.int(a, b);
}

function genBase(T, slot, idx, count, ctx) {
  const { place, goal } = slot;
  const region = place.region;
  const country = place.country || 10;
  const unit = slot.unit;
  const flemish = region === 'flanders';
  const b = { id: FIRST_ID + idx, goal, region, country, place, city: place.name, unit };
  b.type = unit
    ? unit.type
    : slot.forced
      ? 3
      : T.weighted(country === 50 ? TYPE_WEIGHTS.lux : goal ? TYPE_WEIGHTS.rent : region === 'wallonia' ? TYPE_WEIGHTS.saleWal : TYPE_WEIGHTS.sale);
  const type = b.type;
  const resid = type === 1 || type === 2 || type === 3 || type === 5;
  // Dates
  const t0 = T_START + ((idx + T.r() * 0.9) / count) * (T_END - T_START);
  const created = Math.floor(t0 / 86400000) * 86400000 + T.int(8 * 60, 18 * 60) * 60000;
  b.created = created;
  b.modified = Math.min(created + T.int(0, 45) * 86400000 + T.int(0, 480) * 60000, T_END + 86400000);
  b.createdIso = iso(created);
  b.modifiedIso = iso(b.modified);
  // Availability
  if (slot.forced) b.avail = 'available';
  else if (unit) b.avail = T.weighted({ 0: 60, 1: 15, 2: 25 }) === 0 ? 'available' : T.chance(0.4) ? 'option' : 'sold';
  else {
    const x = T.r();
    b.avail = x < 0.79 ? 'available' : x < 0.88 ? 'option' : goal ? 'rented' : 'sold';
  }
  if (unit && b.avail !== 'available' && b.avail !== 'option') b.avail = 'sold';
  b.marquee = b.avail === 'sold' ? 4 : b.avail === 'rented' ? 5 : b.avail === 'option' ? 2 : created >= NEW_AFTER ? 1 : null;
  // Rooms and surfaces
  b.beds = type === 1 ? T.weighted({ 2: 15, 3: 45, 4: 30, 5: 10 }) : type === 3 ? (slot.forced ? T.int(2, 3) : T.weighted({ 1: 30, 2: 50, 3: 20 })) : 0;
  b.units = type === 5 ? T.int(2, 6) : 0;
  if (type === 5) b.beds = b.units + T.int(0, 3);
  b.floor = type === 3 ? (unit ? T.int(0, ctx.projectFloors[unit.project] || 4) : T.int(0, 7)) : type === 2 ? T.int(0, 6) : null;
  b.living =
    type === 1
      ? 95 + b.beds * 28 + T.int(0, 60)
      : type === 2
        ? T.int(24, 45)
        : type === 3
          ? 42 + b.beds * 22 + T.int(0, 25)
          : type === 5
            ? b.units * T.int(55, 85) + T.int(0, 60)
            : type === 6
              ? T.int(60, 420)
              : null;
  b.total = type === 7 ? T.int(12, 18) : b.living;
  b.ground =
    type === 4
      ? region === 'brussels'
        ? T.int(220, 750)
        : T.int(400, 1400)
      : type === 1
        ? (b.living >> 1) + T.int(60, region === 'brussels' ? 250 : 900)
        : null;
  b.front = type === 4 ? T.int(8, 24) : type === 1 ? T.int(5, 14) : null;
  b.store = type === 6 ? T.int(10, 60) : null;
  b.office = type === 6 && T.chance(0.4) ? T.int(30, 150) : 0;
  b.shop = type === 5 && T.chance(0.4);
  b.facades =
    type === 1
      ? region === 'brussels'
        ? T.weighted({ 0: 75, 1: 15, 2: 10 })
        : T.weighted({ 0: 30, 1: 35, 2: 35 })
      : type === 4
        ? T.weighted({ 1: 40, 2: 60 })
        : type === 5 || type === 6
          ? 0
          : null;
  if (b.facades !== null) b.facades = ['closed', 'half-open', 'open'][b.facades];
  if (type === 1 && unit) b.facades = 'half-open';
  b.baths = type === 1 ? 1 + (b.beds >= 3 ? T.int(0, 1) : 0) + (b.beds >= 5 ? 1 : 0) : type === 3 ? (b.beds >= 3 ? 2 : 1) : type === 5 ? b.units : 0;
  b.lift = type === 2 || type === 3 ? (unit ? true : b.floor >= 2 ? T.chance(0.75) : T.chance(0.3)) : null;
  b.terrace = (type === 3 && T.chance(unit ? 0.9 : 0.65)) || (type === 1 && T.chance(0.45)) || (type === 2 && T.chance(0.25));
  b.terraceM2 = b.terrace ? T.int(4, type === 1 ? 30 : 22) : null;
  b.hasGarden = type === 1 ? T.chance(0.85) : type === 3 && b.floor === 0 ? T.chance(0.5) : type === 5 ? T.chance(0.3) : false;
  b.gardenM2 = b.hasGarden ? (type === 1 ? T.int(30, region === 'brussels' ? 300 : 900) : T.int(20, 120)) : null;
  b.orient = T.int(0, ORIENT.length - 1);
  b.cellar = type === 1 ? T.chance(0.85) : type === 2 || type === 3 ? T.chance(0.6) : type === 5;
  b.furnished = goal !== 0 && ((type === 2 && T.chance(0.4)) || (type === 3 && T.chance(0.1)));
  b.garages = type === 1 ? T.weighted({ 0: 40, 1: 45, 2: 15 }) : type === 3 && T.chance(0.3) ? 1 : type === 7 ? 1 : 0;
  // Construction
  b.year = unit
    ? Number(/\d{4}/.exec(ctx.projectDelivery[unit.project] || '')?.[0] || 2027)
    : type === 4 || type === 7
      ? null
      : region === 'brussels' && type !== 2
        ? T.weighted({ 1905: 20, 1925: 25, 1955: 20, 1970: 15, 1995: 10, 2012: 10 }) + T.int(0, 9)
        : T.int(1930, 2021);
  b.renov = b.year && b.year < 2000 && T.chance(0.4) ? T.int(Math.max(b.year + 20, 2005), 2025) : null;
  b.cond = unit
    ? 'new'
    : b.year === null
      ? null
      : b.renov && b.renov >= 2018
        ? 'excellent'
        : b.year >= 2018
          ? 'excellent'
          : T.pick(['good', 'good', 'refresh', 'renovate', 'excellent']);
  b.heat = resid || type === 6 ? (unit ? HEATING[1] : T.weighted(HEATING)) : null;
  b.glaze = resid || type === 6 ? (unit ? GLAZING[1] : T.weighted(GLAZING)) : null;
  b.kitchen = resid ? (unit ? KITCHEN[0] : T.pick(KITCHEN)) : null;
  // Energy
  b.ep = null;
  b.epcLabel = null;
  if (country === 50) b.epcLabel = LUX_LABELS[ctx.lux++ % LUX_LABELS.length];
  else if (type !== 4 && type !== 7) {
    if (unit) b.ep = region === 'brussels' ? T.int(8, 40) : T.int(10, 60);
    else if (!(region === 'brussels' && T.chance(0.07))) b.ep = epcValue(T, region, ctx.epcCounters, ctx.epcOrders);
  }
  // Price
  const f = REGION_PRICE_FACTOR[region];
  if (goal === 0) {
    const ppm = {
      1: T.int(2500, 3700),
      2: T.int(4300, 5300),
      3: T.int(3100, 4100),
      4: region === 'brussels' ? T.int(650, 1100) : T.int(220, 480),
      5: T.int(2200, 2900),
      6: T.int(1800, 2900),
    }[type];
    const [mn, mx, step] = SALE_PRICE[type];
    let p = type === 7 ? T.int(mn, mx) : (type === 4 ? b.ground : b.living) * ppm * (unit ? 1.12 : 1) * f;
    p = clamp(roundTo(p, step), Math.max(25000, mn * Math.min(1, f)), Math.min(1800000, mx * Math.max(1, f)));
    if (slot.forced && p > 395000) p = roundTo(T.int(289000, 395000), 1000);
    b.price = p;
  } else {
    const [mn, mx, step] = RENT_PRICE[type];
    const ppm = { 1: T.int(9, 14), 2: T.int(22, 30), 3: T.int(12, 17), 6: T.int(14, 22) }[type];
    b.price = clamp(roundTo(type === 7 ? T.int(mn, mx) : b.living * ppm * Math.min(f, 1.3), step), Math.max(90, mn * Math.min(1, f)), Math.min(6000, mx));
  }
  b.publishPrice = slot.forced ? true : !T.chance(type === 5 || type === 6 ? 0.2 : 0.06);
  b.priceUnit = unit && goal === 0 && b.avail === 'available' && T.chance(0.5) ? 7 : null;
  b.depositMonths = goal ? (region === 'brussels' ? 2 : 3) : null;
  b.availFrom = goal ? AVAILABLE_FROM[T.pick([0, 0, 2, 3])] : AVAILABLE_FROM[T.pick([1, 1, 0, 2])];
  // Address
  const street = unit && ctx.projectStreets[unit.project] ? ctx.projectStreets[unit.project] : T.pick(place.streets);
  b.street = street;
  b.nr = unit ? ctx.projectNumbers[unit.project] || String(T.int(1, 240)) : String(T.int(1, 240)) + (T.chance(0.06) ? T.pick(['A', 'B', 'bis']) : '');
  b.box = type === 2 || type === 3 ? (b.floor === 0 ? 'RDC' : `${b.floor}${T.pick(['', '.1', '.2', 'A', 'B'])}`) : null;
  b.publishAddress = !T.chance(0.12);
  b.lat = Math.round((place.lat + (T.r() * 2 - 1) * 0.008) * 1e6) / 1e6;
  b.lng = Math.round((place.lng + (T.r() * 2 - 1) * 0.008) * 1e6) / 1e6;
  b.agent = T.pick(AGENTS);
  b.enEmpty = T.chance(0.1);
  b.project = unit ? ctx.projectInfo[unit.project] || null : null;
  b.title = headline(b, T.r);
  b.desc = description(b, T.r, ctx.short);
  b.nPictures = ctx.short ? 3 : T.int(4, 9);
  b.docs = ctx.short
    ? goal === 0 && T.chance(0.5)
      ? [DOCUMENTS[0]]
      : []
    : goal === 0
      ? T.shuffle(DOCUMENTS.slice()).slice(0, T.weighted({ 0: 15, 1: 30, 2: 30, 3: 25 }))
      : T.chance(0.3)
        ? [DOCUMENTS[0]]
        : [];
  // Details
  b.cadastral = type === 4 ? T.int(60, 400) : type === 7 ? T.int(60, 180) : Math.round((b.living || 50) * T.int(7, 13) + T.int(0, 300));
  b.flood = country === 50 ? null : T.weighted({ 0: 88, 1: 9, 2: 3 });
  b.gas = b.heat === HEATING[0];
  b.elec = resid || type === 6 ? (T.chance(0.82) ? CONFORM[0] : CONFORM[1]) : null;
  b.asbestos =
    flemish && goal === 0 && (type === 1 || type === 3 || type === 5) && b.year && b.year < 2001 ? (T.chance(0.7) ? ASBESTOS[0] : ASBESTOS[1]) : null;
  b.asbestosDate = b.asbestos ? day(Date.UTC(2024, 0, 1) + T.int(0, 600) * 86400000) : null;
  b.epcEnd = b.ep !== null ? day(Date.UTC(2027 + T.int(0, 9), T.int(0, 11), T.int(1, 28))) : null;
  b.flemishCodes = flemish ? T.pick(FLEMISH_CODES) : null;
  b.permit = goal === 0 ? (type === 4 ? T.chance(0.3) : T.chance(0.93)) : null;
  b.summons = goal === 0 ? T.chance(0.03) : null;
  b.preempt = goal === 0 ? T.chance(0.06) : null;
  b.charges = goal ? (type === 7 ? null : T.int(4, 25) * 10) : null;
  b.ownerCharges = goal === 0 && (type === 2 || type === 3) ? T.int(6, 30) * 10 : null;
  b.roof = type === 1 || type === 5 ? [T.pick(ROOF), T.pick(ROOF_CONDITION)] : null;
  b.floorCover = resid || type === 6 ? T.pick(FLOOR_COVERING) : null;
  b.frame = b.glaze ? T.pick(FRAME) : null;
  b.toilets = type === 1 ? T.int(1, 3) : type === 2 ? 1 : type === 3 ? (b.beds >= 2 ? T.int(1, 2) : 1) : type === 5 ? b.units : type === 6 ? 1 : null;
  return b;
}

const L = (t, li) => (t == null ? null : t[li]);

// Large generated sets (short mode) keep the list/search fields and the main details only, without nulls,
// so that 100,000 properties stay a few hundred MB of JSON.
const COMPACT_KEEP = new Set([
  'ID',
  'WebID',
  'WebIDs',
  'Goal',
  'PublishPrice',
  'Price',
  'PriceUnit',
  'PriceUnitText',
  'Marquee',
  'MarqueeName',
  'Availability',
  'PublishAddress',
  'Street',
  'HouseNumber',
  'BoxNr',
  'Zip',
  'City',
  'CountryID',
  'CountryName',
  'Latitude',
  'Longitude',
  'EnergyPerformance',
  'EPCLabelText',
  'TypeDescription',
  'MainTypeName',
  'Description',
  'SmallPictureItem',
  'XLargePictureItem',
  'Pictures',
  'Documents',
  'AgentID',
  'OwnerRef',
  'ProjectID',
  'CreateDate',
  'ModifyDate',
  'Facades',
  'language',
  'SurfaceTotal',
  'SurfaceGround',
  'SurfaceLiving',
  'SurfaceTerrace',
  'SurfaceGarden',
  'NumberOfBedRooms',
  'NumberOfBathRooms',
  'NumberOfGarages',
  'NumberOfParkings',
  'ConstructionYear',
  'Floor',
  'UniqueCode',
  'DepositAmount',
  'ChargesRenter',
  'HasLift',
  'HasGarden',
  'HasGarage',
  'HasParking',
  'HasTerrace',
  'IsFurnished',
  'PriceOnDemand',
]);
const COMPACT_ORDER = FIELD_ORDER.filter((k) => COMPACT_KEEP.has(k));

// Language-independent values, computed once per property.
function common(b, sizes) {
  const seq = String(b.id - 1000).padStart(4, '0');
  const year = new Date(b.created).getUTCFullYear();
  const sale = b.goal === 0;
  const resid = b.type === 1 || b.type === 2 || b.type === 3 || b.type === 5;
  const notary = sale ? Math.round(950 + b.price * 0.0095) : null;
  return {
    ID: b.id,
    WebID: b.type,
    WebIDs: b.shop ? '5,6' : String(b.type),
    Goal: b.goal,
    PublishPrice: b.publishPrice,
    Price: b.price,
    PriceUnit: b.priceUnit,
    Marquee: b.marquee,
    Availability: b.avail,
    PublishAddress: b.publishAddress,
    HouseNumber: b.nr,
    BoxNr: b.box,
    Zip: b.place.zip,
    CountryID: b.country,
    Latitude: b.lat,
    Longitude: b.lng,
    EnergyPerformance: b.ep,
    EPCLabelText: b.epcLabel,
    RecordFile: `${sale ? 'VK' : 'VH'}/${year}/${seq}`,
    VirtualTour: null,
    Video: null,
    AgentID: b.agent,
    OwnerRef: b.owner || null,
    ProjectID: b.unit ? b.unit.project : null,
    CreateDate: b.createdIso,
    ModifyDate: b.modifiedIso,
    Facades: b.facades,
    SurfaceTotal: b.type === 4 ? b.ground : b.total,
    SurfaceGround: b.ground,
    SurfaceLiving: b.type === 6 || b.type === 7 ? null : b.living,
    SurfaceTerrace: b.terraceM2,
    SurfaceGarden: b.gardenM2,
    SurfaceOffice: b.office || null,
    SurfaceStore: b.store,
    SurfaceConstructed: b.type === 1 || b.type === 5 ? Math.round(b.living * 1.15) : null,
    PlotWidth: b.type === 4 ? b.front : null,
    FrontWidth: b.front,
    EPCTotal: b.ep !== null && b.living ? Math.round(b.ep * b.living) : null,
    EnergyValue: b.ep,
    CO2Emission: b.ep !== null ? Math.max(0, Math.round(b.ep * 0.2)) : null,
    CadastralIncome: b.country === 10 ? b.cadastral : null,
    GScore: b.region === 'flanders' ? [1, 2 + (b.id % 2), 4][b.flood] : null,
    PScore: b.region === 'flanders' ? [1, 2, 3][b.flood] : null,
    ELevel: b.unit ? 30 - (b.id % 4) * 5 : null,
    ChargesOwner: b.ownerCharges,
    ChargesRenter: b.charges,
    NotaryFeeInclVAT: sale ? Math.round(notary * 1.21) : null,
    NotaryFeeExclVAT: notary,
    VATValue: sale && b.unit ? Math.round(b.price * 0.6 * 0.21) : null,
    ConstructionCost: sale && b.unit ? Math.round(b.price * 0.6) : null,
    RealEstateTax: null,
    TotalCost: null,
    AgencyCost: null,
    DepositAmount: sale ? null : b.price * b.depositMonths,
    GaragePrice: sale && b.type === 3 && b.garages ? 25000 + (b.id % 5) * 2500 : null,
    ViagerRent: null,
    ViagerBouquet: null,
    MonthlyRent: sale ? null : b.price,
    NumberOfBedRooms: b.beds,
    NumberOfBathRooms: resid ? b.baths : null,
    NumberOfShowerRooms: b.type === 2 ? 1 : b.type === 1 || b.type === 3 ? b.id % 2 : null,
    NumberOfToilets: b.toilets,
    NumberOfGarages: b.type === 4 ? null : b.garages,
    NumberOfParkings: b.type === 7 ? 1 : b.type === 6 && b.office ? 2 : 0,
    NumberOfExternalParkings: b.type === 1 && b.facades !== 'closed' ? 2 : null,
    NumberOfFloors: b.type === 1 ? 2 + (b.id % 2) : b.type === 5 ? b.units + 1 : null,
    ConstructionYear: b.year,
    RenovationYear: b.renov,
    Floor: b.floor,
    ViagerAge: null,
    EPCEndDate: b.epcEnd,
    AsbestosDate: b.asbestosDate,
    FlemishPlanningCodes: b.flemishCodes,
    AreaApplication: null,
    UniqueCode: `AT-${year}-${seq}`,
    HasGas: resid ? b.gas : b.type === 4 ? b.id % 3 !== 0 : null,
    HasWater: resid || b.type === 4 || b.type === 6 ? true : null,
    HasLift: b.lift,
    HasCellar: b.type === 4 || b.type === 7 ? null : b.cellar,
    HasGarden: b.hasGarden,
    HasGarage: b.garages > 0,
    HasParking: b.type === 7 || b.garages > 0,
    HasTerrace: b.terrace,
    HasAttic: b.type === 1 ? b.id % 2 === 0 : null,
    IsFurnished: b.furnished,
    HasPermit: b.permit,
    HasAllotmentPermit: sale && b.type === 4 ? b.id % 2 === 0 : sale ? false : null,
    HasSummons: b.summons,
    HasPreemptiveRights: b.preempt,
    HasElectricityConnection: b.type === 4 ? b.id % 4 !== 0 : null,
    HasDrainConnection: b.type === 4 ? b.id % 5 !== 0 : null,
    HasJudicialDecision: sale ? false : null,
    HasRegisteredRight: sale ? false : null,
    IsFloodZone: b.flood === null ? null : b.flood > 0,
    ExtraRoomsPossible: b.type === 1 ? b.id % 7 === 0 : null,
    PriceOnDemand: !b.publishPrice,
    IsViager: false,
    docSizes: sizes,
  };
}

// Localised values of one language.
function localised(b, li, c, compact) {
  const lang = LANGS[li];
  const set = ROOM_SETS[b.type];
  const pics = [];
  for (let n = 1; n <= b.nPictures; n++)
    pics.push({ Url: `/media/listings/${b.id}/${n}.jpg`, Width: 1600, Height: 1067, ID: n, Name: ROOMS[set[(n - 1) % set.length]][li] });
  const v = {
    PriceUnitText: b.priceUnit ? PRICE_FROM[li] : null,
    MarqueeName: b.marquee ? MARQUEE[b.marquee][li] : null,
    Street: b.street.length > 1 && li === 0 ? b.street[1] : b.street[0],
    City: b.city[li],
    CountryName: COUNTRY[b.country][li],
    TypeDescription: lang === 'en' && b.enEmpty ? '' : b.title[li],
    MainTypeName: TYPES[b.type][li],
    Description: b.desc[li],
    SmallPictureItem: { ...pics[0], Width: 240, Height: 160 },
    XLargePictureItem: { Url: pics[0].Url },
    Pictures: pics,
    Documents: b.docs.map((d) => ({ Name: d.name[li], Url: `/media/documents/${d.file}`, Size: c.docSizes[d.file], MimeType: 'application/pdf' })),
    language: lang,
  };
  if (compact) return v;
  const sale = b.goal === 0;
  const regionKey = b.region === 'lux' ? null : b.region;
  const flood = b.flood === null ? null : [FLOOD.none, FLOOD.possible, FLOOD.effective][b.flood];
  return Object.assign(v, {
    HeatingTypeName: L(b.heat?.type, li),
    HeatingName: L(b.heat?.name, li),
    KitchenName: L(b.kitchen, li),
    WindowGlazing: L(b.glaze?.name, li),
    WindowFrame: L(b.frame, li),
    RoofMaterial: b.roof ? b.roof[0][li] : null,
    RoofCondition: b.roof ? b.roof[1][li] : null,
    FloorCovering: L(b.floorCover, li),
    ConditionName: b.cond ? CONDITION[b.cond][li] : null,
    AsbestosType: L(b.asbestos, li),
    FloodZoneName: L(flood, li),
    RiparianZoneName: b.region === 'flanders' ? RIPARIAN[li] : null,
    FloodRiskAreaText: b.region === 'flanders' ? L(flood, li) : null,
    TerraceOrientation: b.terrace ? ORIENT[b.orient].n[li] : null,
    GardenOrientation: b.hasGarden ? ORIENT[b.orient].n[li] : null,
    RearOrientation: b.type === 1 ? ORIENT[b.orient].n[li] : null,
    GroundCertificate: sale && regionKey ? GROUND_CERT[regionKey][li] : null,
    GasCertificate: b.gas ? CONFORM[0][li] : null,
    ElectricityCertificate: L(b.elec, li),
    RegistrationType: sale ? (b.unit ? REGISTRATION.vat[li] : regionKey ? REGISTRATION[regionKey][li] : null) : null,
    PlanningInformation: regionKey ? (regionKey === 'brussels' && (b.type === 6 || b.type === 5) ? PLANNING.brusselsMixed : PLANNING[regionKey])[li] : null,
    VATRegime: b.unit ? REGISTRATION.vat[li] : null,
    Inventory: sale ? null : INVENTORY[li],
    AvailabilityText: b.availFrom[li],
  });
}

function record(b, li, c, compact) {
  const v = localised(b, li, c, compact);
  const out = {};
  if (compact) {
    for (const k of COMPACT_ORDER) {
      const x = k in v ? v[k] : c[k];
      if (x !== null) out[k] = x;
    }
    if (!b.docs.length) delete out.Documents;
  } else {
    for (const k of FIELD_ORDER) out[k] = k in v ? v[k] : c[k];
    // An owner's property is also on two or three portal websites (shown in the owner portal).
    if (b.owner) out.PortalStats = PORTALS.filter((_, i) => i < 2 || b.id % 2 === 0).map((p) => ({ Source: p.name, Url: p.url(b.id, LANGS[li]) }));
  }
  return out;
}

/** The sample's picture CDN: a reserved name (RFC 2606) that the sample photo source draws for. */
export const SAMPLE_PICTURE_BASE = 'https://pictures.vitrine-sample.invalid';

/**
 * The records as a CRM writes them (SPEC §3, §7): flags as 0/1, no availability on what is
 * available (the spec's summary record has none), pictures as absolute URLs on the picture CDN
 * with a numeric version query.
 */
function crmShape(data, pictureBase) {
  const flags = (r) => {
    for (const [k, v] of Object.entries(r)) if (typeof v === 'boolean') r[k] = v ? 1 : 0;
  };
  const version = (r) => Math.floor(Date.parse(r.ModifyDate ?? r.CreateDate ?? '2025-01-01T00:00:00Z') / 1000);
  const cdn = (url, v) => url.replace(/^\/media\/listings\/(.+)$/, (_, rest) => `${pictureBase}/${rest}?v=${v}`);
  for (const p of data.properties) {
    flags(p);
    if (p.Availability === 'available') delete p.Availability;
    const v = version(p);
    for (const pic of p.Pictures ?? []) pic.Url = cdn(pic.Url, v);
    if (p.SmallPictureItem) p.SmallPictureItem.Url = cdn(p.SmallPictureItem.Url, v);
    if (p.XLargePictureItem) p.XLargePictureItem.Url = cdn(p.XLargePictureItem.Url, v);
  }
  for (const p of data.projects) {
    flags(p);
    const v = version(p);
    for (const pic of p.Pictures ?? []) pic.Url = cdn(pic.Url, v);
    if (p.SmallPicture) p.SmallPicture = cdn(p.SmallPicture, v);
  }
  for (const t of data.webIDs) flags(t);
  return data;
}

export function generateListings({ count = BASE_COUNT, projects = 9, seed = 20260101, pictureBase = SAMPLE_PICTURE_BASE } = {}) {
  const T = tools(mulberry32(seedOf(seed)));
  count = Math.max(0, Math.floor(count));
  const sizes = docSizes();
  const { slots, projects: plans } = planSlots(T, count, Math.max(0, Math.floor(projects)));
  const ctx = {
    lux: 0,
    epcCounters: {},
    epcOrders: {},
    short: count > 2000,
    projectStreets: {},
    projectNumbers: {},
    projectFloors: {},
    projectInfo: {},
    projectDelivery: {},
  };
  for (const p of plans) {
    ctx.projectDelivery[p.id] = p.tpl.delivery;
    ctx.projectFloors[p.id] = p.tpl.floors;
    if (!p.tpl.empty) ctx.projectInfo[p.id] = { name: p.tpl.name.map((n) => n + (ROMAN[p.round] ?? ` ${p.round + 1}`)), delivery: p.tpl.delivery };
    if (!p.tpl.empty) {
      ctx.projectStreets[p.id] = p.tpl.street;
      ctx.projectNumbers[p.id] = p.tpl.nr;
    }
  }
  const bases = slots.map((s, i) => {
    const b = genBase(T, s, i, count, ctx);
    s.base = b;
    return b;
  });
  // Owners: 20 properties, two per owner.
  const ownerPool = T.shuffle(bases.filter((b) => !b.unit).map((b) => b.id))
    .slice(0, 20)
    .sort((a, b) => a - b);
  const byId = new Map(bases.map((b) => [b.id, b]));
  ownerPool.forEach((id, i) => {
    byId.get(id).owner = `owner-${String((i >> 1) + 1).padStart(3, '0')}`;
  });
  const properties = [];
  for (const b of bases) {
    const c = common(b, sizes);
    for (let li = 0; li < LANGS.length; li++) properties.push(record(b, li, c, ctx.short));
  }
  const projectRecords = buildProjects(T, plans);
  return crmShape({ properties, projects: projectRecords, webIDs: buildWebIDs(), ...buildCities(bases), neighbourhoods: [] }, pictureBase.replace(/\/$/, ''));
}

const PROJECT_ROOMS = [
  ['Gevel', 'Façade', 'Front'],
  ['Inkomhal', 'Hall d’entrée', 'Entrance hall'],
  ['Woonkamer', 'Séjour', 'Living room'],
  ['Terras', 'Terrasse', 'Terrace'],
  ['Zicht', 'Vue', 'View'],
];

function buildProjects(T, plans) {
  const out = [];
  for (const p of plans) {
    const { tpl, id } = p;
    const place = PLACES.find((x) => x.zip === tpl.zip);
    const units = p.units.map((s) => s.base);
    const types = [...new Set(units.map((u) => u.type))].sort((a, b) => a - b);
    const prices = units.map((u) => u.price);
    const suffix = ROMAN[p.round] ?? ` ${p.round + 1}`;
    const nPics = 3 + (id % 3);
    const lat = tpl.empty ? null : Math.round((place.lat + (T.r() * 2 - 1) * 0.004) * 1e6) / 1e6;
    const lng = tpl.empty ? null : Math.round((place.lng + (T.r() * 2 - 1) * 0.004) * 1e6) / 1e6;
    const created = units.length ? Math.min(...units.map((u) => u.created)) - 86400000 * T.int(5, 30) : T_START + id * 86400000 * 20;
    const n = units.length;
    for (let li = 0; li < LANGS.length; li++) {
      const name = tpl.name[li] + suffix;
      const city = tpl.empty ? '' : place.name[li];
      const pictures = [];
      for (let k = 1; k <= nPics; k++)
        pictures.push({
          Url: `/media/listings/project-${id}/${k}.jpg`,
          Width: 1600,
          Height: 1067,
          ID: k,
          Name: PROJECT_ROOMS[(k - 1) % PROJECT_ROOMS.length][li],
        });
      const houses = types.length === 1 && types[0] === 1;
      const desc = tpl.empty
        ? [
            'Binnenkort een nieuw residentieel project van Atrium Immo. Schrijf u in om als eerste de plannen en prijzen te ontvangen.',
            "Bientôt un nouveau projet résidentiel d'Atrium Immo. Inscrivez-vous pour recevoir en priorité les plans et les prix.",
            'A new residential project by Atrium Immo is coming soon. Register to be the first to receive the plans and prices.',
          ][li]
        : [
            `${name} is een nieuwbouwproject met ${n} ${houses ? 'woningen' : 'wooneenheden'} in ${city}. Alle units zijn energiezuinig en worden afgewerkt met kwaliteitsvolle materialen.`,
            `${name} est un projet neuf de ${n} ${houses ? 'maisons' : 'logements'} à ${city}. Toutes les unités sont basse énergie et finies avec des matériaux de qualité.`,
            `${name} is a new-build project of ${n} ${houses ? 'houses' : 'homes'} in ${city}. Every unit is energy-efficient and finished with quality materials.`,
          ][li];
      out.push({
        ID: id,
        Goal: 0,
        Name: name,
        PublicAddress: !tpl.empty,
        Street: tpl.empty ? null : li === 0 && tpl.street.length > 1 ? tpl.street[1] : tpl.street[0],
        HouseNumber: tpl.empty ? null : tpl.nr,
        BoxNr: null,
        Zip: tpl.empty ? '' : place.zip,
        City: city,
        CountryID: 10,
        CountryName: COUNTRY[10][li],
        Latitude: lat,
        Longitude: lng,
        WebID: tpl.empty ? '' : types.join(' ; '),
        WebIDName: tpl.empty ? '' : types.map((t) => `${TYPES[t][li]} (${units.filter((u) => u.type === t).length})`).join(' ; '),
        SmallPicture: `/media/listings/project-${id}/1.jpg`,
        Pictures: pictures,
        Description: desc,
        ProjectNumber: `PR-${new Date(created).getUTCFullYear()}-${String(id).padStart(3, '0')}`,
        PriceFrom: prices.length ? Math.min(...prices) : null,
        PriceTo: prices.length ? Math.max(...prices) : null,
        Status: PROJECT_STATUS[tpl.status][li],
        Delivery: tpl.delivery,
        Constructions: [
          houses
            ? `${n} halfopen woningen met tuin en carport, uitgevoerd in baksteen en hout.`
            : `Gebouw met ${tpl.floors} bouwlagen, ${n} wooneenheden, ondergrondse parking en fietsenberging.`,
          houses
            ? `${n} maisons 3 façades avec jardin et carport, en briques et bois.`
            : `Immeuble de ${tpl.floors} niveaux comprenant ${n} logements, un parking souterrain et un local vélos.`,
          houses
            ? `${n} semi-detached houses with garden and carport, built in brick and timber.`
            : `Building of ${tpl.floors} storeys with ${n} homes, underground car park and bicycle storage.`,
        ][li],
        Situation: tpl.empty
          ? null
          : [
              `Gelegen in ${city}, vlak bij winkels, scholen en openbaar vervoer.`,
              `Situé à ${city}, à proximité des commerces, écoles et transports en commun.`,
              `Located in ${city}, close to shops, schools and public transport.`,
            ][li],
        Requirement: [
          'Voorschot van 10% bij ondertekening van de verkoopovereenkomst. Verkoop onder btw-stelsel (21%) met registratierechten op het grondaandeel.',
          "Acompte de 10 % à la signature du compromis. Vente sous régime TVA (21 %) avec droits d'enregistrement sur la quote-part terrain.",
          'A 10% advance on signing the sales agreement. Sale subject to VAT (21%) with registration duties on the land share.',
        ][li],
        ExternalUrl: tpl.ext ? `https://www.residence-${tpl.slug}${p.round ? `-${p.round + 1}` : ''}.example/` : null,
        Units: units.map((u, k) => ({
          PropertyID: u.id,
          Name:
            u.type === 1
              ? `${TYPES[1][li]} – lot ${k + 1}`
              : u.type === 7
                ? `${TYPES[7][li]} P-${String(k + 1).padStart(2, '0')}`
                : `${TYPES[u.type][li]} ${u.floor ?? 0}.${k + 1}`,
          Price: u.price,
          Status: u.avail === 'soldOut' ? 'sold' : u.avail,
          Floor: u.floor,
          Surface: u.type === 7 ? u.total : u.living,
          Bedrooms: u.beds,
          Bathrooms: u.type === 7 ? 0 : u.type === 2 ? 1 : u.baths,
          WebID: u.type,
        })),
        CreateDate: iso(created),
        language: LANGS[li],
      });
    }
  }
  return out;
}

function buildWebIDs() {
  const out = [];
  for (let li = 0; li < LANGS.length; li++) {
    for (let w = 1; w <= 7; w++) out.push({ ID: w, WebID: w, Name: TYPES[w][li], ShowOrder: w - 1, Sale: true, Rent: true, language: LANGS[li] });
  }
  return out;
}

function buildCities(bases) {
  const counts = new Map(PLACES.map((p) => [p, { all: 0, sale: 0, rent: 0 }]));
  for (const b of bases) {
    const c = counts.get(b.place);
    c.all++;
    if (b.goal === 0) c.sale++;
    else c.rent++;
  }
  const list = (key) => {
    const out = [];
    for (let li = 0; li < LANGS.length; li++) {
      for (const p of PLACES) {
        const n = counts.get(p)[key];
        if (n > 0)
          out.push({
            Name: p.name[li],
            Zip: p.zip,
            CountryID: p.country || 10,
            CountryName: COUNTRY[p.country || 10][li],
            PropertyCount: n,
            language: LANGS[li],
          });
      }
    }
    return out;
  };
  return { citys: list('all'), citysSale: list('sale'), citysRent: list('rent') };
}

// Writes data exactly like JSON.stringify(data) but record by record, so huge sets never build one giant string.
export function writeListings(file, data, { indent = 0 } = {}) {
  mkdirSync(dirname(file), { recursive: true });
  if (indent) {
    writeFileSync(file, `${JSON.stringify(data, null, indent)}\n`);
    return;
  }
  const fd = openSync(file, 'w');
  try {
    let buf = '{';
    const flush = (force) => {
      if (force || buf.length > 1 << 20) {
        writeSync(fd, buf);
        buf = '';
      }
    };
    Object.keys(data).forEach((key, ki) => {
      buf += `${ki ? ',' : ''}${JSON.stringify(key)}:`;
      const val = data[key];
      if (Array.isArray(val)) {
        buf += '[';
        for (let i = 0; i < val.length; i++) {
          buf += (i ? ',' : '') + (val[i] === undefined ? 'null' : JSON.stringify(val[i]));
          flush(false);
        }
        buf += ']';
      } else buf += JSON.stringify(val);
    });
    buf += '}';
    flush(true);
  } finally {
    closeSync(fd);
  }
}

function parseArgs(argv) {
  const opts = { count: BASE_COUNT, projects: 9, out: null, seed: 20260101, pictureBase: SAMPLE_PICTURE_BASE };
  for (let i = 0; i < argv.length; i++) {
    const [k, inline] = argv[i].split('=');
    const val = () => (inline !== undefined ? inline : argv[++i]);
    if (k === '--count') opts.count = Number(val());
    else if (k === '--projects') opts.projects = Number(val());
    else if (k === '--out') opts.out = val();
    else if (k === '--picture-base') opts.pictureBase = val();
    else if (k === '--seed') {
      const v = val();
      opts.seed = /^\d+$/.test(v) ? Number(v) : v;
    } else if (k === '--help' || k === '-h') {
      opts.help = true;
    } else throw new Error(`Unknown argument: ${argv[i]}`);
  }
  if (!Number.isInteger(opts.count) || opts.count < 0) throw new Error('--count must be a non-negative integer');
  if (!Number.isInteger(opts.projects) || opts.projects < 0) throw new Error('--projects must be a non-negative integer');
  return opts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e.message);
    process.exit(2);
  }
  if (opts.help) {
    console.log('Usage: node sample/gen-listings.mjs [--count N] [--projects M] [--out FILE] [--seed S] [--picture-base URL]');
    process.exit(0);
  }
  const t0 = Date.now();
  const data = generateListings(opts);
  const out = opts.out ? resolve(process.cwd(), opts.out) : resolve(ROOT, 'site-config/listings/sample.json');
  writeListings(out, data, { indent: opts.count <= 2000 ? 1 : 0 });
  const ids = new Set(data.properties.map((p) => p.ID));
  console.log(
    `gen-listings: ${ids.size} properties (${data.properties.length} records), ${data.projects.length / LANGS.length} projects -> ${out} (${statSync(out).size} bytes, ${Date.now() - t0} ms)`,
  );
}
