"use client";

import Link from "next/link";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { WeekCount } from "./home-types";

/**
 * Payouts per week as bars. The chart is a picture for the eye (hidden from screen readers, not focusable);
 * the same figures are a table (visually hidden) and a one-line summary, which is the chart's accessible description.
 */
export function PayoutsChart({ weeks }: { weeks: readonly WeekCount[] }) {
  const t = useTranslations("home.chart");
  const f = useFormat();
  const total = weeks.reduce((n, w) => n + w.count, 0);
  const data = weeks.map((w) => ({ week: f.shortDay(w.weekStart), count: w.count }));
  return (
    <section className="card home-card home-chart" aria-labelledby="payouts-chart-title">
      <div className="home-card-head">
        <h2 id="payouts-chart-title">{t("title")}</h2>
        <Link href="/payouts">{t("link")}</Link>
      </div>
      <p className="muted home-chart-summary">{t("summary", { total, latest: f.count(weeks.at(-1)?.count ?? 0) })}</p>
      <div className="home-chart-plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="#eceef2" />
            <XAxis dataKey="week" tickLine={false} interval="preserveStartEnd" fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} tickFormatter={(n: number) => f.count(n)} />
            <Tooltip formatter={(n) => [typeof n === "number" ? f.count(n) : String(n), t("count")]} cursor={{ fill: "#f5f6f8" }} />
            <Bar dataKey="count" fill="#2f5bea" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="visually-hidden">
        <caption>{t("title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("week")}</th>
            <th scope="col">{t("count")}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{f.day(w.weekStart)}</th>
              <td>{f.count(w.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
