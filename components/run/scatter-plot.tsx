"use client";

import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { axisTicks } from "@/lib/scoring/view/axis-ticks";
import styles from "./scatter-plot.module.css";

export interface ScatterSeries<P extends { x: number; y: number }> {
  name: string;
  colour: string;
  points: readonly P[];
}

/** Points that have an x but no y (an unscored rollout's spend), drawn on a row of their own below the axis. */
export interface ScatterBand<B extends { x: number }> {
  name: string;
  colour: string;
  /** The row's label beside the y ticks. */
  label: string;
  points: readonly B[];
}

const HEIGHT = 280;
/** The band's row, between the plot and the x ticks. */
const BAND_HEIGHT = 26;
const MARGIN = { top: 12, right: 14, bottom: 26, left: 44 };
/** With a band, room on the left for its label ("unscored"). */
const BAND_MARGIN = { ...MARGIN, left: 60 };
const RADIUS = 3.5;
/** Room inside the grid, so a point on the domain's edge is drawn whole. */
const INSET = 6;
/** How near (px) the pointer must come to a point for its tooltip. */
const HOVER_PX = 14;
/** A circle as two arcs, from its leftmost point. */
const CIRCLE = `a${RADIUS} ${RADIUS} 0 1 0 ${2 * RADIUS} 0a${RADIUS} ${RADIUS} 0 1 0 ${-2 * RADIUS} 0`;

/**
 * Each point's circle under a scale (a chart's, memoised while its size and domains hold; a band point's y is
 * fixed by the same margins). After a flip most points are the same objects (the summary's deltas keep them),
 * and 20,000 circles written anew are most of a redraw.
 */
const circlesByScale = new WeakMap<object, WeakMap<object, string>>();

/**
 * A scatter drawn as one SVG path per series: 20,000 points cost one attribute, not 20,000 elements, so a what-if
 * change that redraws it stays within a frame. Axes get round ticks (axisTicks); hovering a point shows
 * `tooltip(point)`. A band draws points without a y on a row below the plot, on the same x axis. The points are
 * prepared by the caller; this only places them.
 */
export function ScatterPlot<P extends { x: number; y: number }, B extends { x: number } = never>({
  series,
  band,
  xDomain,
  yDomain,
  xText,
  yText,
  label,
  tooltip,
}: {
  series: readonly ScatterSeries<P>[];
  /** Drawn only when it has points. */
  band?: ScatterBand<B>;
  xDomain: [number, number];
  yDomain: [number, number];
  xText: (v: number) => string;
  yText: (v: number) => string;
  label: string;
  tooltip: (point: P | B) => ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const withBand = band !== undefined && band.points.length > 0;
  const margin = withBand ? BAND_MARGIN : MARGIN;
  // By value: a caller's domain is a new array at each change of scenario, and a new scale draws every circle anew.
  const [x0, x1] = xDomain;
  const [y0, y1] = yDomain;
  const x = useMemo(() => axisTicks(x0, x1), [x0, x1]);
  const y = useMemo(() => axisTicks(y0, y1), [y0, y1]);
  const plotW = Math.max(0, width - margin.left - margin.right);
  const plotH = HEIGHT - margin.top - margin.bottom;
  const height = HEIGHT + (withBand ? BAND_HEIGHT : 0);
  const bandY = margin.top + plotH + BAND_HEIGHT / 2;
  const scale = useMemo(
    () => ({
      x: (v: number) => margin.left + INSET + ((v - x.domain[0]) / (x.domain[1] - x.domain[0])) * (plotW - 2 * INSET),
      y: (v: number) =>
        margin.top + plotH - INSET - ((v - y.domain[0]) / (y.domain[1] - y.domain[0])) * (plotH - 2 * INSET),
    }),
    [x, y, plotW, plotH, margin],
  );

  // Each series (and the band) as one path of circles, and its points' pixel positions for the hover search.
  const drawn = useMemo(() => {
    if (plotW <= 0) return [];
    let circles = circlesByScale.get(scale);
    if (circles === undefined) circlesByScale.set(scale, (circles = new WeakMap()));
    const path = <T extends P | B>(
      s: { name: string; colour: string; points: readonly T[] },
      yOf: (p: T) => number,
    ) => {
      const at = new Float32Array(s.points.length * 2);
      const parts: string[] = [];
      s.points.forEach((p, i) => {
        const cx = scale.x(p.x);
        const cy = yOf(p);
        at[2 * i] = cx;
        at[2 * i + 1] = cy;
        let circle = circles.get(p);
        if (circle === undefined) circles.set(p, (circle = `M${(cx - RADIUS).toFixed(1)} ${cy.toFixed(1)}${CIRCLE}`));
        parts.push(circle);
      });
      const points: readonly (P | B)[] = s.points;
      return { name: s.name, colour: s.colour, points, at, d: parts.join("") };
    };
    const paths = series.map((s) => path(s, (p) => scale.y(p.y)));
    if (band && withBand) paths.push(path(band, () => bandY));
    return paths;
  }, [series, band, withBand, bandY, scale, plotW]);

  const [hover, setHover] = useState<{ point: P | B; left: number; top: number } | null>(null);
  const onMove = (event: React.PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const mx = event.clientX - rect.left;
    const my = event.clientY - rect.top;
    let best: { point: P | B; left: number; top: number } | null = null;
    let bestD = HOVER_PX * HOVER_PX;
    for (const s of drawn) {
      for (let i = 0; i < s.points.length; i++) {
        const dx = s.at[2 * i]! - mx;
        const dy = s.at[2 * i + 1]! - my;
        const d = dx * dx + dy * dy;
        if (d <= bestD) {
          bestD = d;
          best = { point: s.points[i]!, left: s.at[2 * i]!, top: s.at[2 * i + 1]! };
        }
      }
    }
    setHover(best);
  };

  return (
    <div ref={box} className={styles.plot}>
      {width > 0 ? (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={label}
          onPointerMove={onMove}
          onPointerLeave={() => setHover(null)}
        >
          <g className={styles.grid}>
            {x.ticks.map((t) => (
              <line key={`x${t}`} x1={scale.x(t)} x2={scale.x(t)} y1={margin.top} y2={margin.top + plotH} />
            ))}
            {y.ticks.map((t) => (
              <line key={`y${t}`} x1={margin.left} x2={margin.left + plotW} y1={scale.y(t)} y2={scale.y(t)} />
            ))}
          </g>
          <g className={styles.xTicks}>
            {x.ticks.map((t) => (
              <text key={t} x={scale.x(t)} y={height - 8} textAnchor="middle">
                {xText(t)}
              </text>
            ))}
          </g>
          <g className={styles.yTicks}>
            {y.ticks.map((t) => (
              <text key={t} x={margin.left - 6} y={scale.y(t)} textAnchor="end" dominantBaseline="middle">
                {yText(t)}
              </text>
            ))}
          </g>
          {withBand ? (
            <g className={styles.band}>
              <line x1={margin.left} x2={margin.left + plotW} y1={bandY} y2={bandY} />
              <text x={margin.left - 6} y={bandY} textAnchor="end" dominantBaseline="middle">
                {band.label}
              </text>
            </g>
          ) : null}
          {drawn.map((s) => (
            <path
              key={s.name}
              d={s.d}
              fill={s.colour}
              fillOpacity={0.75}
              data-series={s.name}
              data-points={s.points.length}
            />
          ))}
          {hover ? <circle cx={hover.left} cy={hover.top} r={RADIUS + 2.5} className={styles.hovered} /> : null}
        </svg>
      ) : null}
      {hover ? (
        <div
          className={`card ${styles.tooltip}`}
          style={{
            left: Math.min(hover.left + 10, Math.max(0, width - 220)),
            top: Math.max(0, hover.top - 70),
          }}
          role="status"
        >
          {tooltip(hover.point)}
        </div>
      ) : null}
      <ul className={styles.legend}>
        {[...series, ...(band && withBand ? [band] : [])].map((s) => (
          <li key={s.name}>
            <span className={styles.swatch} style={{ background: s.colour }} aria-hidden />
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
