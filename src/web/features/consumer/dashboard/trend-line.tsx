import { useLayoutEffect, useRef, useState } from 'react';
import type { TTrendPoint } from './score-trend-points';

const HEIGHT = 224;
const MARGIN = { top: 8, right: 12, bottom: 24, left: 40 };
/** The least room between two date labels on the axis, in pixels: "22 Nov" at 12 px. */
const LABEL_GAP = 64;
/** About the width of a character of the axis text (12 px), to keep longer labels ("30 Sept 2026") apart. */
const CHARACTER_WIDTH = 7;

/** Four to six round values across the axis (tens), the domain's ends included. */
export function valueTicks([low, high]: [number, number]): number[] {
  const span = high - low;
  const step = [10, 20, 25, 50, 100, 200].find((s) => span / s <= 5) ?? 250;
  const ticks: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high; v += step) ticks.push(v);
  return ticks;
}

/** Which points get a date under them: the first, the last, and evenly between while they keep apart. */
export function labelledIndexes(count: number, plotWidth: number, gap = LABEL_GAP): number[] {
  if (count <= 1) return [0];
  const fits = Math.max(2, Math.floor(plotWidth / gap) + 1);
  if (count <= fits) return [...Array(count).keys()];
  const every = Math.ceil((count - 1) / (fits - 1));
  const indexes = [...Array(count).keys()].filter((i) => i % every === 0 && count - 1 - i >= every / 2);
  return [...indexes, count - 1];
}

/**
 * The person's score over time as a plain SVG line: the consumer portal's only chart, drawn here
 * rather than with the charting library the lender's analytics use, so the dashboard and reports
 * pages stay within their budget on a slow network (decisions/048: the library was 83 KB of the
 * dashboard's first load). Drawn at the box's own width, so its text keeps its size on a phone. The
 * drawing is hidden from assistive technology: the caller gives the same figures as a table.
 */
export function TrendLine({ points, domain }: { points: TTrendPoint[]; domain: [number, number] }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const [low, high] = domain;
  const xOf = (i: number) => MARGIN.left + (points.length === 1 ? plotWidth / 2 : (i * plotWidth) / (points.length - 1));
  const yOf = (score: number) => MARGIN.top + ((high - score) / (high - low || 1)) * plotHeight;
  const labelGap = Math.max(LABEL_GAP, Math.max(...points.map((p) => p.label.length)) * CHARACTER_WIDTH + 16);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${xOf(i).toFixed(1)},${yOf(p.score).toFixed(1)}`).join('');

  return (
    // The drawing is placed out of the flow: drawn at the box's width, it must not hold the box (and
    // the page's column) at that width when the window narrows, or the box never shrinks and the
    // drawing is never redrawn narrower (a phone turned, or a window made smaller).
    <div ref={box} className="relative h-56 w-full" aria-hidden>
      {width > 0 ? (
        <svg width={width} height={HEIGHT} className="absolute top-0 left-0 overflow-visible text-xs">
          {valueTicks(domain).map((v) => (
            <g key={v}>
              <line
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={yOf(v)}
                y2={yOf(v)}
                stroke="currentColor"
                strokeOpacity={0.3}
                strokeDasharray="3 3"
              />
              <text x={MARGIN.left - 8} y={yOf(v)} dy="0.32em" textAnchor="end" fill="currentColor">
                {v}
              </text>
            </g>
          ))}
          <line
            data-part="axis"
            x1={MARGIN.left}
            x2={width - MARGIN.right}
            y1={MARGIN.top + plotHeight}
            y2={MARGIN.top + plotHeight}
            stroke="currentColor"
            strokeOpacity={0.6}
          />
          {labelledIndexes(points.length, plotWidth, labelGap).map((i) => (
            <text key={points[i].date} data-part="date" x={xOf(i)} y={HEIGHT - 6} textAnchor="middle" fill="currentColor">
              {points[i].label}
            </text>
          ))}
          <path data-part="line" d={path} fill="none" stroke="var(--color-primary)" strokeWidth={2} strokeLinejoin="round" />
          {points.map((p, i) => (
            <circle
              key={p.date}
              data-part="point"
              cx={xOf(i)}
              cy={yOf(p.score)}
              r={3}
              fill="var(--color-background)"
              stroke="var(--color-primary)"
              strokeWidth={2}
            >
              <title>{`${p.date}: ${p.score}`}</title>
            </circle>
          ))}
        </svg>
      ) : null}
    </div>
  );
}
