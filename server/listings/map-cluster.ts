/**
 * The map search's clusters (issue 39): the properties a search finds inside the map's view, put
 * on a grid fixed to the world (Web Mercator, so a cluster stays where it is when the visitor pans)
 * whose cells are CELL_PX wide at the view's zoom. A cell holding one property is that property's
 * marker; a cell holding more is a cluster with its count, its centre of mass and the area its
 * properties cover (a click zooms there). The answer holds at most `max` cells: a view that would
 * hold more (a huge area at a deep zoom) gets a coarser grid, so no answer passes the bound.
 */
import type { Bbox, MapCluster, MapMarker } from '../../shared/map-area.ts';
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
  private readonly sum: Float64Array; // lat, lng per cell
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
    this.sum = new Float64Array(cells * 2);
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
    this.sum[cell * 2] += lat;
    this.sum[cell * 2 + 1] += lng;
    return true;
  }

  /** The cells holding properties: markers for one, clusters for more (coordinates to 5 decimals, about 1 m). */
  cells(): { clusters: MapCluster[]; markers: MapMarker[] } {
    const clusters: MapCluster[] = [];
    const markers: MapMarker[] = [];
    for (let cell = 0; cell < this.count.length; cell++) {
      const n = this.count[cell];
      if (n === 0) continue;
      const b = cell * 4;
      if (n === 1) {
        const price = this.firstPrice[cell];
        markers.push({ id: this.firstId[cell], lat: round5(this.box[b]), lng: round5(this.box[b + 1]), price: Number.isNaN(price) ? null : price });
      } else
        clusters.push({
          lat: round5(this.sum[cell * 2] / n),
          lng: round5(this.sum[cell * 2 + 1] / n),
          count: n,
          bbox: [round5(this.box[b]), round5(this.box[b + 1]), round5(this.box[b + 2]), round5(this.box[b + 3])],
        });
    }
    return { clusters, markers };
  }
}
