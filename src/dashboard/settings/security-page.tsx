"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { useFormat } from "../i18n/use-format";
import { NewPasswordField, tooShortPassword, useThrottleNote } from "../login/auth-form";
import { trpc, type RouterOutputs } from "../trpc";
import { ErrorAlert } from "../ui/alert";
import { ConfirmAction } from "../ui/confirm-dialog";
import { useNoticeMutation } from "../ui/dialog-mutation";
import { Field } from "../ui/field";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { QueryCard } from "../ui/query-card";
import { ListTable } from "../ui/list-table";
import { RowButton } from "../ui/table";
import { TwoFactorSection } from "./two-factor-section";
import { TitledCard } from "../ui/titled-card";

type OwnSession = RouterOutputs["session"]["sessions"][number];

/**
 * The signed-in person's own security (Settings → Security), for clients and operators alike: two-factor
 * sign-in, the password, and the sessions they are signed in with. A person of whom 2FA is required and who
 * has not turned it on is sent here (the shell) and reads why first.
 */
export function SecurityPage() {
  const t = useTranslations("settings.security");
  const me = trpc.session.me.useQuery();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  if (!me.data) return null; // the shell shows "Loading…" until `me` is there
  const pending = me.data.twoFactor.required && !me.data.twoFactor.enabled;
  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead")} />
      {pending && (
        <div className="alert alert-warning" role="alert" data-testid="two-factor-required">
          {t("required")}
        </div>
      )}
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <div className="security-grid">
        <TwoFactorSection me={me.data} onNotice={setNotice} />
        <PasswordSection onNotice={setNotice} />
      </div>
      <SessionsSection onNotice={setNotice} />
    </section>
  );
}

/** Change password: the current one is checked by better-auth, and every other session is signed out. */
function PasswordSection({ onNotice }: { onNotice: (n: NoticeValue) => void }) {
  const t = useTranslations("settings.security.password");
  const tAccount = useTranslations("account");
  const noteThrottle = useThrottleNote();
  const utils = trpc.useUtils();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (tooShortPassword(next)) return setError(tAccount("tooShort"));
    setPending(true);
    setError(null);
    try {
      const throttle = noteThrottle();
      const result = await authClient().changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: true }, throttle.fetchOptions);
      if (result.error) {
        if (result.error.status === 429) setError(throttle.message(result.error, ""));
        else setError(result.error.code === "INVALID_PASSWORD" ? t("wrongCurrent") : (result.error.message ?? tAccount("signInFailed")));
      } else {
        setCurrent("");
        setNext("");
        onNotice({ kind: "success", text: t("changed") });
        await utils.session.sessions.invalidate();
      }
    } catch {
      setError(tAccount("unreachable"));
    }
    setPending(false);
  }

  return (
    <TitledCard id="security-password" title={t("title")} lead={t("lead")}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <ErrorAlert>{error}</ErrorAlert>
        <Field label={t("current")}>
          {(control) => <input {...control} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />}
        </Field>
        <NewPasswordField id="security-new-password" label={t("new")} value={next} onChange={setNext} />
        <div className="form-actions form-actions-start">
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? t("saving") : t("save")}
          </button>
        </div>
      </form>
    </TitledCard>
  );
}

/** Where the person is signed in: device, address, since when and last activity; sign out one or all others. */
function SessionsSection({ onNotice }: { onNotice: (n: NoticeValue) => void }) {
  const t = useTranslations("settings.security.sessions");
  const sessions = trpc.session.sessions.useQuery();
  const [ending, setEnding] = useState<OwnSession | "others" | null>(null);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <section className="detail-section" aria-labelledby="security-sessions">
      <div className="section-header">
        <h2 id="security-sessions">{t("title")}</h2>
        <button type="button" className="button" disabled={others === 0} onClick={() => setEnding("others")}>
          {t("signOutEverywhere")}
        </button>
      </div>
      <QueryCard query={sessions} isEmpty={() => false} empty={null}>
        {(data) => (
          <div className="table-scroll" tabIndex={0} role="group" aria-labelledby="security-sessions">
            <SessionsTable sessions={data} onEnd={setEnding} />
          </div>
        )}
      </QueryCard>
      {others === 0 && sessions.data && <p className="muted">{t("only")}</p>}
      {ending === "others" && <SignOutOthersDialog onClose={() => setEnding(null)} onNotice={onNotice} />}
      {ending && ending !== "others" && <EndSessionDialog session={ending} onClose={() => setEnding(null)} onNotice={onNotice} />}
    </section>
  );
}

function useDeviceName() {
  const t = useTranslations("settings.security.sessions");
  return (s: OwnSession) => {
    const browser = s.browser ?? t("unknownBrowser");
    return s.os ? t("on", { browser, os: s.os }) : browser;
  };
}

function SessionsTable({ sessions, onEnd }: { sessions: OwnSession[]; onEnd: (s: OwnSession) => void }) {
  const t = useTranslations("settings.security.sessions");
  const f = useFormat();
  const deviceName = useDeviceName();
  return (
    <ListTable columns={[t("device"), t("address"), t("signedIn"), t("lastActive")]} actions rows={sessions}>
      {(s) => (
        <tr key={s.id} data-testid="session-row">
          <td>
            {deviceName(s)}
            {s.current && <span className="badge badge-success badge-inline">{t("thisDevice")}</span>}
          </td>
          <td className="mono">{s.ip_address ?? "–"}</td>
          <td className="nowrap">{f.dateTime(s.signed_in_at)}</td>
          <td className="nowrap">{f.dateTime(s.last_active_at)}</td>
          <td className="actions">{!s.current && <RowButton label={t("signOut")} subject={deviceName(s)} danger onClick={() => onEnd(s)} />}</td>
        </tr>
      )}
    </ListTable>
  );
}

function SignOutOthersDialog({ onClose, onNotice }: { onClose: () => void; onNotice: (n: NoticeValue) => void }) {
  const t = useTranslations("settings.security.sessions");
  const utils = trpc.useUtils();
  const revoke = trpc.session.revokeOtherSessions.useMutation({
    onSuccess: async ({ revoked }) => {
      onNotice({ kind: "success", text: t("signedOutNotice", { count: revoked }) });
      await utils.session.sessions.invalidate();
      onClose();
    },
  });
  const texts = { title: t("signOutTitle"), confirm: t("signOutEverywhere"), pending: t("signingOut") };
  return (
    <ConfirmAction texts={texts} mutation={revoke} input={undefined} danger onClose={onClose}>
      <p>{t("signOutBody")}</p>
    </ConfirmAction>
  );
}

function EndSessionDialog({ session, onClose, onNotice }: { session: OwnSession; onClose: () => void; onNotice: (n: NoticeValue) => void }) {
  const t = useTranslations("settings.security.sessions");
  const deviceName = useDeviceName();
  const revoke = trpc.session.revokeSession.useMutation(useNoticeMutation((u) => u.session.sessions.invalidate(), t("endedNotice"), onNotice, onClose));
  const texts = { title: `${t("signOut")}: ${deviceName(session)}`, confirm: t("signOut"), pending: t("signingOut") };
  return (
    <ConfirmAction texts={texts} mutation={revoke} input={{ id: session.id }} danger onClose={onClose}>
      <p>{session.ip_address ?? ""}</p>
    </ConfirmAction>
  );
}
