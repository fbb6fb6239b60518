"use client";

import { toDataURL } from "qrcode";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { authClient } from "../auth-client";
import { trpc, type Me } from "../trpc";
import { ErrorAlert } from "../ui/alert";
import { Field } from "../ui/field";
import { Modal } from "../ui/modal";
import type { NoticeValue } from "../ui/notice";
import { TitledCard } from "../ui/titled-card";

/** The key of an otpauth:// URI, in groups of four for typing into an app by hand. */
export function keyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** Two-factor sign-in on the security page: its state, turning it on (the enrolment dialog) and off. */
export function TwoFactorSection({ me, onNotice }: { me: Me; onNotice: (n: NoticeValue) => void }) {
  const t = useTranslations("settings.security.twoFactor");
  const [dialog, setDialog] = useState<"enrol" | "disable" | null>(null);
  const { enabled, required } = me.twoFactor;
  return (
    <TitledCard
      id="security-two-factor"
      title={
        <>
          {t("title")} <span className={enabled ? "badge badge-success" : "badge"}>{enabled ? t("stateOn") : t("stateOff")}</span>
        </>
      }
    >
      <p>{enabled ? t("on") : t("off")}</p>
      {enabled && required && <p className="muted">{t("offRequired")}</p>}
      <div className="form-actions form-actions-start">
        {!enabled && (
          <button type="button" className="button button-primary" onClick={() => setDialog("enrol")}>
            {t("turnOn")}
          </button>
        )}
        {enabled && !required && (
          <button type="button" className="button button-danger-quiet" onClick={() => setDialog("disable")}>
            {t("turnOff")}
          </button>
        )}
      </div>
      {dialog === "enrol" && <EnrolDialog onClose={() => setDialog(null)} />}
      {dialog === "disable" && <DisableDialog onClose={() => setDialog(null)} onNotice={onNotice} />}
    </TitledCard>
  );
}

type Enrolment = { totpURI: string; backupCodes: string[] };

/**
 * Enrolment, in three steps: the password (the plugin asks for it), then the QR code and the key as text with
 * the first code from the app (only a confirmed code turns 2FA on), then the ten backup codes, shown once.
 */
function EnrolDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("settings.security.twoFactor");
  const utils = trpc.useUtils();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  // The session changes when 2FA is turned on (better-auth makes a new one): every cached answer is stale.
  const close = () => {
    if (confirmed) void utils.invalidate();
    onClose();
  };
  return (
    <Modal title={confirmed ? t("backupTitle") : enrolment ? t("scanTitle") : t("title")} onClose={close}>
      {!enrolment && <PasswordStep onEnrolled={setEnrolment} onCancel={close} />}
      {enrolment && !confirmed && <ScanStep enrolment={enrolment} onConfirmed={() => setConfirmed(true)} onCancel={close} />}
      {enrolment && confirmed && <BackupCodes codes={enrolment.backupCodes} onDone={close} />}
    </Modal>
  );
}

/** A dialog form's state: pending while the request runs, and the message of its refusal. */
function useStep() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tAccount = useTranslations("account");
  async function run(e: FormEvent<HTMLFormElement>, request: () => Promise<string | null>) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      setError(await request());
    } catch {
      setError(tAccount("unreachable"));
    }
    setPending(false);
  }
  return { pending, error, run };
}

function PasswordStep({ onEnrolled, onCancel }: { onEnrolled: (e: Enrolment) => void; onCancel: () => void }) {
  const t = useTranslations("settings.security");
  const [password, setPassword] = useState("");
  const step = useStep();
  const submit = (e: FormEvent<HTMLFormElement>) =>
    step.run(e, async () => {
      const result = await authClient().twoFactor.enable({ password });
      if (result.error) return result.error.code === "INVALID_PASSWORD" ? t("password.wrongCurrent") : (result.error.message ?? null);
      if (result.data.method === "totp") onEnrolled({ totpURI: result.data.totpURI, backupCodes: result.data.backupCodes });
      return null;
    });
  return (
    <form onSubmit={(e) => void submit(e)}>
      <ErrorAlert>{step.error}</ErrorAlert>
      <Field label={t("twoFactor.confirmPassword")} required>
        {(control) => <input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
      </Field>
      <StepActions onCancel={onCancel} pending={step.pending} label={t("twoFactor.continue")} pendingLabel={t("twoFactor.continuing")} />
    </form>
  );
}

function ScanStep({ enrolment, onConfirmed, onCancel }: { enrolment: Enrolment; onConfirmed: () => void; onCancel: () => void }) {
  const t = useTranslations("settings.security.twoFactor");
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const step = useStep();
  useEffect(() => {
    let live = true;
    // Drawn in the browser: the secret goes to no one else.
    void toDataURL(enrolment.totpURI, { margin: 1, width: 200 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [enrolment.totpURI]);
  const submit = (e: FormEvent<HTMLFormElement>) =>
    step.run(e, async () => {
      const result = await authClient().twoFactor.verifyTotp({ code: code.replace(/\s/g, "") });
      if (result.error) return t("wrongCode");
      onConfirmed();
      return null;
    });
  return (
    <form onSubmit={(e) => void submit(e)}>
      <p>{t("scanLead")}</p>
      <div className="totp-qr">{qr && <img src={qr} width={200} height={200} alt={t("qrAlt")} data-testid="totp-qr" />}</div>
      <p className="field-hint">{t("cannotScan")}</p>
      <p className="totp-key mono" data-testid="totp-key">
        {keyOf(enrolment.totpURI)}
      </p>
      <ErrorAlert>{step.error}</ErrorAlert>
      <Field label={t("code")} required>
        {(control) => (
          <input {...control} type="text" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        )}
      </Field>
      <StepActions onCancel={onCancel} pending={step.pending} label={t("confirm")} pendingLabel={t("confirming")} />
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("settings.security.twoFactor");
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <p>{t("backupLead")}</p>
      <ol className="backup-codes mono" data-testid="backup-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            void navigator.clipboard?.writeText(codes.join("\n")).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t("copied") : t("copyCodes")}
        </button>
        <button type="button" className="button button-primary" onClick={onDone}>
          {t("saved")}
        </button>
      </div>
    </div>
  );
}

function DisableDialog({ onClose, onNotice }: { onClose: () => void; onNotice: (n: NoticeValue) => void }) {
  const t = useTranslations("settings.security");
  const utils = trpc.useUtils();
  const [password, setPassword] = useState("");
  const step = useStep();
  const submit = (e: FormEvent<HTMLFormElement>) =>
    step.run(e, async () => {
      const result = await authClient().twoFactor.disable({ password });
      if (result.error) return result.error.code === "INVALID_PASSWORD" ? t("password.wrongCurrent") : (result.error.message ?? null);
      onNotice({ kind: "success", text: t("twoFactor.offNotice") });
      await utils.invalidate();
      onClose();
      return null;
    });
  return (
    <Modal title={t("twoFactor.offTitle")} lead={t("twoFactor.offBody")} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <ErrorAlert>{step.error}</ErrorAlert>
        <Field label={t("password.current")} required>
          {(control) => <input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <StepActions onCancel={onClose} pending={step.pending} label={t("twoFactor.turnOff")} pendingLabel={t("twoFactor.turningOff")} danger />
      </form>
    </Modal>
  );
}

function StepActions(props: { onCancel: () => void; pending: boolean; label: string; pendingLabel: string; danger?: boolean }) {
  const t = useTranslations("common");
  return (
    <div className="form-actions">
      <button type="button" className="button" onClick={props.onCancel}>
        {t("cancel")}
      </button>
      <button type="submit" className={props.danger ? "button button-danger" : "button button-primary"} disabled={props.pending}>
        {props.pending ? props.pendingLabel : props.label}
      </button>
    </div>
  );
}
