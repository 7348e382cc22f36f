"use client";

import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { axisTicks } from "@/lib/scoring/view/axis-ticks";
import styles from "./scatter-plot.module.css";

export interface ScatterSeries<P extends { x: number; y: number }> {
  name: string;
  colour: string;
  points: readonly P[];
}

const HEIGHT = 280;
const MARGIN = { top: 12, right: 14, bottom: 26, left: 44 };
const RADIUS = 3.5;
/** Room inside the grid, so a point on the domain's edge is drawn whole. */
const INSET = 6;
/** How near (px) the pointer must come to a point for its tooltip. */
const HOVER_PX = 14;
/** A circle as two arcs, from its leftmost point. */
const CIRCLE = `a${RADIUS} ${RADIUS} 0 1 0 ${2 * RADIUS} 0a${RADIUS} ${RADIUS} 0 1 0 ${-2 * RADIUS} 0`;

/**
 * A scatter drawn as one SVG path per series: 20,000 points cost one attribute, not 20,000 elements, so a what-if
 * change that redraws it stays within a frame. Axes get round ticks (axisTicks); hovering a point shows
 * `tooltip(point)`. The points are prepared by the caller; this only places them.
 */
export function ScatterPlot<P extends { x: number; y: number }>({
  series,
  xDomain,
  yDomain,
  xText,
  yText,
  label,
  tooltip,
}: {
  series: readonly ScatterSeries<P>[];
  xDomain: [number, number];
  yDomain: [number, number];
  xText: (v: number) => string;
  yText: (v: number) => string;
  label: string;
  tooltip: (point: P) => ReactNode;
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

  const x = useMemo(() => axisTicks(xDomain[0], xDomain[1]), [xDomain]);
  const y = useMemo(() => axisTicks(yDomain[0], yDomain[1]), [yDomain]);
  const plotW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const scale = useMemo(
    () => ({
      x: (v: number) => MARGIN.left + INSET + ((v - x.domain[0]) / (x.domain[1] - x.domain[0])) * (plotW - 2 * INSET),
      y: (v: number) =>
        MARGIN.top + plotH - INSET - ((v - y.domain[0]) / (y.domain[1] - y.domain[0])) * (plotH - 2 * INSET),
    }),
    [x, y, plotW, plotH],
  );

  // Each series as one path of circles, and its points' pixel positions for the hover search.
  const drawn = useMemo(() => {
    if (plotW <= 0) return [];
    return series.map((s) => {
      const at = new Float32Array(s.points.length * 2);
      const parts: string[] = [];
      s.points.forEach((p, i) => {
        const cx = scale.x(p.x);
        const cy = scale.y(p.y);
        at[2 * i] = cx;
        at[2 * i + 1] = cy;
        parts.push(`M${(cx - RADIUS).toFixed(1)} ${cy.toFixed(1)}${CIRCLE}`);
      });
      return { ...s, at, d: parts.join("") };
    });
  }, [series, scale, plotW]);

  const [hover, setHover] = useState<{ point: P; left: number; top: number } | null>(null);
  const onMove = (event: React.PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const mx = event.clientX - rect.left;
    const my = event.clientY - rect.top;
    let best: { point: P; left: number; top: number } | null = null;
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
          height={HEIGHT}
          role="img"
          aria-label={label}
          onPointerMove={onMove}
          onPointerLeave={() => setHover(null)}
        >
          <g className={styles.grid}>
            {x.ticks.map((t) => (
              <line key={`x${t}`} x1={scale.x(t)} x2={scale.x(t)} y1={MARGIN.top} y2={MARGIN.top + plotH} />
            ))}
            {y.ticks.map((t) => (
              <line key={`y${t}`} x1={MARGIN.left} x2={MARGIN.left + plotW} y1={scale.y(t)} y2={scale.y(t)} />
            ))}
          </g>
          <g className={styles.xTicks}>
            {x.ticks.map((t) => (
              <text key={t} x={scale.x(t)} y={HEIGHT - 8} textAnchor="middle">
                {xText(t)}
              </text>
            ))}
          </g>
          <g className={styles.yTicks}>
            {y.ticks.map((t) => (
              <text key={t} x={MARGIN.left - 6} y={scale.y(t)} textAnchor="end" dominantBaseline="middle">
                {yText(t)}
              </text>
            ))}
          </g>
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
        {series.map((s) => (
          <li key={s.name}>
            <span className={styles.swatch} style={{ background: s.colour }} aria-hidden />
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
