"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { Integration } from "../integrations/integration-types";
import { payrunPath } from "../payruns/payrun-types";
import { IntegrationScoped } from "../shell/integration-scoped";
import { useScopedPath } from "../shell/use-scoped-path";
import { trpc } from "../trpc";
import { ErrorAlert } from "../ui/alert";
import { PageHeader } from "../ui/page-header";
import type { HomeSummary, OperatorQueues } from "./home-types";
import { PayoutsChart } from "./payouts-chart";
import "./home.css";

/** The landing page after sign-in: the current Integration's figures for client staff, the queues for the review team. */
export function HomePage() {
  const me = trpc.session.me.useQuery();
  const t = useTranslations("home");
  if (me.data?.role === "operator") return <QueuesHome />;
  return <IntegrationScoped what={t("title")}>{(integration) => <IntegrationHome integration={integration} />}</IntegrationScoped>;
}

/** One figure: a label, the value, and the link to the list it counts. */
function Figure({ label, value, href, linkLabel, detail }: { label: string; value: ReactNode; href: string; linkLabel?: string; detail?: ReactNode }) {
  return (
    <section className="card home-card">
      <h2 className="home-figure-label">{label}</h2>
      <p className="home-figure-value">
        <Link href={href}>{value}</Link>
      </p>
      {detail && <p className="home-figure-detail muted">{detail}</p>}
      {linkLabel && (
        <p className="home-figure-detail">
          <Link href={href}>{linkLabel}</Link>
        </p>
      )}
    </section>
  );
}

/** Several counts under one heading, each a link to its filtered list. */
function CountList({ title, items }: { title: string; items: { label: string; count: number; href: string }[] }) {
  const f = useFormat();
  return (
    <section className="card home-card">
      <h2 className="home-figure-label">{title}</h2>
      <ul className="home-counts">
        {items.map((item) => (
          <li key={item.label}>
            <Link href={item.href}>
              <span className="home-count">{f.count(item.count)}</span> <span>{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function IntegrationHome({ integration }: { integration: Integration }) {
  const t = useTranslations("home");
  const common = useTranslations("common");
  const summary = trpc.home.summary.useQuery();
  return (
    <section>
      <PageHeader title={t("title")} lead={t.rich("lead", { integration: integration.name, b: (chunks) => <strong>{chunks}</strong> })} />
      {summary.error && <ErrorAlert>{t("loadFailed", { message: summary.error.message })}</ErrorAlert>}
      {summary.data ? <Figures summary={summary.data} /> : !summary.error && <p className="page-message">{common("loading")}</p>}
    </section>
  );
}

function Figures({ summary }: { summary: HomeSummary }) {
  const t = useTranslations("home");
  const f = useFormat();
  const scoped = useScopedPath();
  const { amountDue, openPayrun, invoices, employees, failingWebhooks } = summary;
  return (
    <div className="home-grid">
      <Figure
        label={t("amountDue.title")}
        value={amountDue.totals.length ? amountDue.totals.map((m) => f.money(m.amount, m.currency)).join(" + ") : t("amountDue.none")}
        href="/invoices?status=invoice"
        detail={amountDue.nextDueDate ? t("amountDue.nextDue", { date: f.day(amountDue.nextDueDate) }) : undefined}
      />
      {openPayrun ? (
        <Figure
          label={t("openPayrun.title")}
          value={f.money(openPayrun.price, openPayrun.currency)}
          href={scoped(payrunPath(openPayrun.id))}
          detail={t("openPayrun.payouts", { count: openPayrun.payoutCount })}
        />
      ) : (
        <Figure label={t("openPayrun.title")} value={t("openPayrun.none")} href="/payruns?status=open" />
      )}
      <CountList
        title={t("invoices.title")}
        items={[
          { label: t("invoices.due"), count: invoices.due, href: "/invoices?status=invoice" },
          { label: t("invoices.overdue"), count: invoices.overdue, href: "/invoices?status=invoice" },
        ]}
      />
      <CountList
        title={t("employees.title")}
        items={[
          { label: t("employees.invited"), count: employees.invited, href: "/employees?status=invited" },
          { label: t("employees.onboarding"), count: employees.onboarding, href: "/employees?status=onboarding" },
          { label: t("employees.active"), count: employees.active, href: "/employees?status=active" },
        ]}
      />
      <Figure
        label={t("webhooks.title")}
        value={<span className={failingWebhooks > 0 ? "home-alarm" : undefined}>{t("webhooks.failing", { count: failingWebhooks })}</span>}
        href="/webhooks"
      />
      <PayoutsChart weeks={summary.payoutsPerWeek} />
    </div>
  );
}

const QUEUES = [
  { key: "employees", href: "/review/employees" },
  { key: "registrations", href: "/review/registrations" },
  { key: "payruns", href: "/review/payruns" },
  { key: "prepayments", href: "/review/prepayments" },
] as const satisfies readonly { key: keyof OperatorQueues; href: string }[];

function QueuesHome() {
  const t = useTranslations("home");
  const common = useTranslations("common");
  const f = useFormat();
  const queues = trpc.home.queues.useQuery();
  // The reader's clock, read once per render of the page: ages are rough ("3 days ago").
  const [now] = useState(() => new Date());
  return (
    <section>
      <PageHeader title={t("title")} lead={t("queues.lead")} />
      {queues.error && <ErrorAlert>{t("loadFailed", { message: queues.error.message })}</ErrorAlert>}
      {queues.data ? (
        <div className="home-grid">
          {QUEUES.map(({ key, href }) => {
            const q = queues.data[key];
            return (
              <Figure
                key={key}
                label={t(`queues.${key}`)}
                value={f.count(q.count)}
                href={href}
                detail={q.oldest ? t("queues.oldest", { age: f.age(q.oldest, now) }) : t("queues.empty")}
              />
            );
          })}
        </div>
      ) : (
        !queues.error && <p className="page-message">{common("loading")}</p>
      )}
    </section>
  );
}
