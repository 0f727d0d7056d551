/**
 * Visits per day over the last 30 days, one line per source (this website and each portal website
 * that provides figures). Loaded only by the owner portal, as its own chunk (visx is not small).
 */
import { Axis, Grid, LineSeries, Tooltip, XYChart, buildChartTheme } from '@visx/xychart';
import type { ChartSeries } from './shared.tsx';

/** The site's palette (renderer/styles/site.css): brick, navy, sage, gold, then muted tones. */
const COLORS = ['#b4553a', '#1f2a44', '#5f7d5a', '#a9832f', '#5b6272', '#8f4029'];
const theme = buildChartTheme({
  backgroundColor: '#ffffff',
  colors: COLORS,
  tickLength: 4,
  gridColor: '#ddd5c7',
  gridColorDark: '#5b6272',
});
/** Axis labels every this many days: readable on a phone. */
const LABEL_EVERY_DAYS = 7;
const CHART_HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 32, left: 36 };

type Point = ChartSeries['points'][number];

export default function Chart({ series, formatDay, visitsLabel }: { series: ChartSeries[]; formatDay: (day: string) => string; visitsLabel: string }) {
  const days = series[0]?.points.map((p) => p.date) ?? [];
  const ticks = days.filter((_, i) => (days.length - 1 - i) % LABEL_EVERY_DAYS === 0);
  return (
    <figure className="portal-chart__figure">
      {/* visx measures this box (its ParentSize fills it absolutely): it needs its own height. */}
      <div className="portal-chart__plot" style={{ height: CHART_HEIGHT }}>
        <XYChart
          height={CHART_HEIGHT}
          margin={MARGIN}
          theme={theme}
          xScale={{ type: 'band', paddingInner: 0.2 }}
          yScale={{ type: 'linear', nice: true, zero: true }}
          accessibilityLabel={visitsLabel}
        >
          <Grid columns={false} numTicks={4} />
          <Axis orientation="bottom" tickValues={ticks} tickFormat={(d: string) => formatDay(d)} />
          <Axis orientation="left" numTicks={4} tickFormat={(v: number) => (Number.isInteger(v) ? String(v) : '')} />
          {series.map((s) => (
            <LineSeries key={s.source} dataKey={s.source} data={s.points} xAccessor={(p: Point) => p.date} yAccessor={(p: Point) => p.visits} />
          ))}
          <Tooltip<Point>
            snapTooltipToDatumX
            showVerticalCrosshair
            showSeriesGlyphs
            renderTooltip={({ tooltipData }) => {
              const nearest = tooltipData?.nearestDatum?.datum;
              if (!nearest) return null;
              return (
                <div className="portal-tooltip">
                  <strong>{formatDay(nearest.date)}</strong>
                  {Object.entries(tooltipData!.datumByKey).map(([key, d]) => (
                    <div key={key}>
                      {key}: {d.datum.visits}
                    </div>
                  ))}
                </div>
              );
            }}
          />
        </XYChart>
      </div>
      <figcaption className="portal-legend">
        {series.map((s, i) => (
          <span key={s.source}>
            <i style={{ background: COLORS[i % COLORS.length] }} aria-hidden="true" />
            {s.source}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
