/**
 * Visits per day over the last 30 days, one line per source (this website and each portal website
 * that provides figures). Loaded only by the owner portal, as its own chunk (visx is not small).
 */
import { useLayoutEffect, useRef, useState } from 'react';
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
/** The vertical axis goes at least this high: days without a visit lie on the bottom line, not halfway up. */
const MIN_Y_MAX = 4;
const MARGIN = { top: 12, right: 12, bottom: 32, left: 36 };

type Point = ChartSeries['points'][number];

/**
 * The width of the box the chart is drawn in, followed at once (a ResizeObserver calls before the
 * next paint). visx's own ParentSize waits 300 ms after each change and could keep a width measured
 * halfway through one: a resize, a turned phone or a full-page capture left the drawing at a
 * quarter of its box (issue 39).
 */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export default function Chart({ series, formatDay, visitsLabel }: { series: ChartSeries[]; formatDay: (day: string) => string; visitsLabel: string }) {
  const box = useBoxWidth();
  const days = series[0]?.points.map((p) => p.date) ?? [];
  const ticks = days.filter((_, i) => (days.length - 1 - i) % LABEL_EVERY_DAYS === 0);
  return (
    <figure className="portal-chart__figure">
      {/* The chart is drawn at this box's width, measured here (useBoxWidth), and its own height. */}
      <div className="portal-chart__plot" style={{ height: CHART_HEIGHT }} ref={box.ref}>
        {box.width > 0 && (
          <XYChart
            width={box.width}
            height={CHART_HEIGHT}
            margin={MARGIN}
            theme={theme}
            xScale={{ type: 'band', paddingInner: 0.2 }}
            yScale={{ type: 'linear', domain: [0, Math.max(MIN_Y_MAX, ...series.flatMap((s) => s.points.map((p) => p.visits)))], nice: true, zero: true }}
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
        )}
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
