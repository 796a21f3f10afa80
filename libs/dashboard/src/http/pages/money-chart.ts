import { html, type SafeHtml } from '../kit/html';
import { formatMinor } from '../kit/respond';

export interface DailyFlow {
  day: string;
  moneyIn: bigint;
  moneyOut: bigint;
}

/** Money in and out per day as an inline SVG bar chart (server-rendered, no script), with a table for screen readers. */
export function moneyChart(days: DailyFlow[], currency: string): SafeHtml {
  const width = 720;
  const height = 220;
  const padding = 24;
  const max = days.reduce((top, day) => (day.moneyIn > top ? day.moneyIn : day.moneyOut > top ? day.moneyOut : top), 0n);
  const slot = (width - 2 * padding) / Math.max(days.length, 1);
  const bar = Math.max(2, slot / 2 - 2);
  const scale = (value: bigint) => (max === 0n ? 0 : Number((value * 1000n) / max) / 1000) * (height - 2 * padding);
  const bars = days.map((day, index) => {
    const x = padding + index * slot;
    const hIn = scale(day.moneyIn);
    const hOut = scale(day.moneyOut);
    return html`<rect x="${x.toFixed(1)}" y="${(height - padding - hIn).toFixed(1)}" width="${bar.toFixed(1)}" height="${hIn.toFixed(1)}" fill="#047857"></rect>
<rect x="${(x + bar + 2).toFixed(1)}" y="${(height - padding - hOut).toFixed(1)}" width="${bar.toFixed(1)}" height="${hOut.toFixed(1)}" fill="#b91c1c"></rect>`;
  });
  return html`<figure>
<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title-${currency}">
<title id="chart-title-${currency}">Money in (green) and out (red) per day, ${currency}, last ${days.length} days; peak ${formatMinor(max)}</title>
<line x1="${padding}" y1="${height - padding}" x2="${width - padding}" y2="${height - padding}" stroke="#6b7280"></line>
${bars}
<text x="${padding}" y="${height - 6}" font-size="12" fill="#374151">${days[0]?.day ?? ''}</text>
<text x="${width - padding}" y="${height - 6}" font-size="12" fill="#374151" text-anchor="end">${days[days.length - 1]?.day ?? ''}</text>
</svg>
<figcaption class="muted">Green: money in. Red: money out. ${currency}, minor units.</figcaption>
</figure>
<details><summary>Figures per day</summary>
<div class="table-wrap"><table><thead><tr><th scope="col">Day</th><th scope="col">Money in</th><th scope="col">Money out</th></tr></thead>
<tbody>${days.map((day) => html`<tr><td>${day.day}</td><td>${formatMinor(day.moneyIn)}</td><td>${formatMinor(day.moneyOut)}</td></tr>`)}</tbody></table></div>
</details>`;
}
