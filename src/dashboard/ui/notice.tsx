import { useTranslations } from "use-intl";

export type NoticeValue = { kind: "success" | "error"; text: string };

/** The outcome of an action taken from a list (e.g. a resend), shown above it until dismissed. */
export function Notice({ notice, onDismiss }: { notice: NoticeValue | null; onDismiss: () => void }) {
  const t = useTranslations("common");
  if (!notice) return null;
  const success = notice.kind === "success";
  return (
    <div className={success ? "alert alert-success notice" : "alert alert-error notice"} role={success ? "status" : "alert"}>
      <span>{notice.text}</span>
      <button type="button" className="notice-dismiss" aria-label={t("dismiss")} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
