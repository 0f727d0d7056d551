/**
 * The map search's clusters (issue 39): the properties a search finds inside the map's view, put
 * on a grid fixed to the world (Web Mercator, so a cluster stays where it is when the visitor pans)
 * whose cells are CELL_PX wide at the view's zoom. A cell holding one property is that property's
 * marker; a cell holding more is a cluster with its count, its centre of mass and the area its
 * properties cover (a click zooms there). Marks that would overlap on the screen (a price pill is
 * wider than a cell) are then merged, the biggest first. The answer holds at most `max` cells: a
 * view that would hold more (a huge area at a deep zoom) gets a coarser grid, so no answer passes
 * the bound.
 */
import { clusterPx, PRICE_PILL, type Bbox, type MapCluster, type MapMarker } from '../../shared/map-area.ts';
import { mercator } from './store-columns.ts';

/** A cell's width in screen pixels at the view's zoom (tiles are 256 px: 4 cells a tile). */
export const CELL_PX = 64;
/** Most clusters and markers one answer holds. */
export const MAX_MAP_CELLS = 400;

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/** Collects the properties of one view into its grid's cells. */
export class GridClusters {
  private readonly level: number;
  private readonly x0: number;
  private readonly y0: number;
  private readonly cols: number;
  private readonly count: Int32Array;
  private readonly firstId: Int32Array;
  private readonly firstPrice: Float64Array;
  private readonly sum: Float64Array; // lat, lng, x, y per cell
  /** Screen pixels a cell is wide (more than CELL_PX when the grid was made coarser). */
  private readonly cellPx: number;
  private readonly box: Float64Array; // south, west, north, east per cell

  constructor(
    readonly view: Bbox,
    zoom: number,
    max = MAX_MAP_CELLS,
  ) {
    const [vx0, vy1] = mercator(view.south, view.west);
    const [vx1, vy0] = mercator(view.north, view.east);
    // Cells a world side: 2^level, with level = zoom + log2(256 / CELL_PX), lowered until the view holds at most `max`.
    let level = zoom + Math.log2(256 / CELL_PX);
    const cellsOf = (l: number) => {
      const n = 2 ** l;
      const cols = Math.floor(vx1 * n) - Math.floor(vx0 * n) + 1;
      const rows = Math.floor(vy1 * n) - Math.floor(vy0 * n) + 1;
      return { n, cols, rows };
    };
    let g = cellsOf(level);
    while (level > 0 && g.cols * g.rows > max) g = cellsOf(--level);
    this.level = g.n;
    this.x0 = Math.floor(vx0 * g.n);
    this.y0 = Math.floor(vy0 * g.n);
    this.cols = g.cols;
    const cells = g.cols * g.rows;
    this.count = new Int32Array(cells);
    this.firstId = new Int32Array(cells);
    this.firstPrice = new Float64Array(cells);
    this.sum = new Float64Array(cells * 4);
    this.cellPx = CELL_PX * 2 ** (zoom + Math.log2(256 / CELL_PX) - level);
    this.box = new Float64Array(cells * 4);
  }

  /** One property found by the search (x, y: its place on the world square; price NaN: not published). Outside the view: not counted. */
  add(id: number, lat: number, lng: number, x: number, y: number, price = NaN): boolean {
    const v = this.view;
    if (!(lat >= v.south && lat <= v.north && lng >= v.west && lng <= v.east)) return false;
    const cell = (Math.floor(y * this.level) - this.y0) * this.cols + (Math.floor(x * this.level) - this.x0);
    const n = this.count[cell]++;
    const b = cell * 4;
    if (n === 0) {
      this.firstId[cell] = id;
      this.firstPrice[cell] = price;
      this.box[b] = this.box[b + 2] = lat;
      this.box[b + 1] = this.box[b + 3] = lng;
    } else {
      if (lat < this.box[b]) this.box[b] = lat;
      if (lng < this.box[b + 1]) this.box[b + 1] = lng;
      if (lat > this.box[b + 2]) this.box[b + 2] = lat;
      if (lng > this.box[b + 3]) this.box[b + 3] = lng;
    }
    this.sum[cell * 4] += lat;
    this.sum[cell * 4 + 1] += lng;
    this.sum[cell * 4 + 2] += x;
    this.sum[cell * 4 + 3] += y;
    return true;
  }

  /** The cells holding properties: markers for one, clusters for more (coordinates to 5 decimals, about 1 m). */
  cells(): { clusters: MapCluster[]; markers: MapMarker[] } {
    interface Mark {
      cell: number;
      n: number;
      /** Centre in cells of the grid, and half its size on the screen in cells. */
      gx: number;
      gy: number;
      hw: number;
      hh: number;
      sum: [number, number];
      box: [number, number, number, number];
      gone: boolean;
    }
    const marks: Mark[] = [];
    for (let cell = 0; cell < this.count.length; cell++) {
      const n = this.count[cell];
      if (n === 0) continue;
      const [w, h] = n === 1 ? [PRICE_PILL.width, PRICE_PILL.height] : [clusterPx(n), clusterPx(n)];
      const s = cell * 4;
      marks.push({
        cell,
        n,
        gx: (this.sum[s + 2] / n) * this.level,
        gy: (this.sum[s + 3] / n) * this.level,
        hw: w / 2 / this.cellPx,
        hh: h / 2 / this.cellPx,
        sum: [this.sum[s], this.sum[s + 1]],
        box: [this.box[s], this.box[s + 1], this.box[s + 2], this.box[s + 3]],
        gone: false,
      });
    }
    // Biggest first (then the grid's order): a mark takes in the ones that would overlap it.
    marks.sort((a, b) => b.n - a.n || a.cell - b.cell);
    for (let i = 0; i < marks.length; i++) {
      const a = marks[i];
      if (a.gone) continue;
      for (let j = i + 1; j < marks.length; j++) {
        const b = marks[j];
        if (b.gone || Math.abs(a.gx - b.gx) >= a.hw + b.hw || Math.abs(a.gy - b.gy) >= a.hh + b.hh) continue;
        b.gone = true;
        a.n += b.n;
        a.sum[0] += b.sum[0];
        a.sum[1] += b.sum[1];
        a.box = [Math.min(a.box[0], b.box[0]), Math.min(a.box[1], b.box[1]), Math.max(a.box[2], b.box[2]), Math.max(a.box[3], b.box[3])];
      }
    }
    const clusters: MapCluster[] = [];
    const markers: MapMarker[] = [];
    for (const m of marks.sort((a, b) => a.cell - b.cell)) {
      if (m.gone) continue;
      if (m.n === 1) {
        const price = this.firstPrice[m.cell];
        markers.push({ id: this.firstId[m.cell], lat: round5(m.box[0]), lng: round5(m.box[1]), price: Number.isNaN(price) ? null : price });
      } else
        clusters.push({
          lat: round5(m.sum[0] / m.n),
          lng: round5(m.sum[1] / m.n),
          count: m.n,
          bbox: [round5(m.box[0]), round5(m.box[1]), round5(m.box[2]), round5(m.box[3])],
        });
    }
    return { clusters, markers };
  }
}
