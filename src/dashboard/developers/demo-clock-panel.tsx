"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import { ErrorAlert } from "../ui/alert";
import { DetailRow } from "../ui/detail-rows";
import { TitledCard } from "../ui/titled-card";

const STEPS = [
  ["hour", 3_600],
  ["day", 86_400],
  ["month", 30 * 86_400],
] as const;

/** Demo only: the account's demo clock (GET /v2/test_helpers/clock/) with +1 hour, +1 day and +30 days. */
export function DemoClockPanel() {
  const me = trpc.session.me.useQuery();
  if (me.data?.environment !== "demo") return null;
  return <DemoClock />;
}

function DemoClock() {
  const t = useTranslations("demoClock");
  const f = useFormat();
  const utils = trpc.useUtils();
  const clock = trpc.testHelpers.clock.useQuery({});
  // Everything on the page may read differently at the new time: all of it is refetched.
  const advance = trpc.testHelpers.advanceClock.useMutation({ onSuccess: () => utils.invalidate() });
  return (
    <TitledCard id="demo-clock-title" title={t("title")} lead={t("lead")}>
      {clock.data && (
        <dl className="details">
          <DetailRow label={t("now")}>
            <span data-testid="demo-clock-now">{f.dateTimeSeconds(clock.data.now)}</span>
          </DetailRow>
          <DetailRow label={t("offset")}>
            <span data-testid="demo-clock-offset">
              {clock.data.offset_seconds > 0 ? t("ahead", { span: f.timeSpan(clock.data.offset_seconds) }) : t("inStep")}
            </span>
          </DetailRow>
        </dl>
      )}
      <div className="toolbar toolbar-wrap demo-clock-advance" role="group" aria-label={t("advance")}>
        {STEPS.map(([label, seconds]) => (
          <button key={label} type="button" className="button" disabled={advance.isPending} onClick={() => advance.mutate({ seconds })}>
            {t(label)}
          </button>
        ))}
      </div>
      <ErrorAlert>{(clock.error ?? advance.error)?.message}</ErrorAlert>
    </TitledCard>
  );
}
