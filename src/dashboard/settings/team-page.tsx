"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { fieldMessages } from "../errors";
import { useFormat } from "../i18n/use-format";
import { trpc, type RouterOutputs } from "../trpc";
import { ConfirmAction } from "../ui/confirm-dialog";
import { useDialogMutation, useNoticeMutation } from "../ui/dialog-mutation";
import { Field } from "../ui/field";
import { ServerCheckedForm, TextField, useFormValues } from "../ui/form";
import { useDraftDialog } from "../ui/draft-scope";
import { Modal } from "../ui/modal";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { QueryCard } from "../ui/query-card";
import { ListTable } from "../ui/list-table";
import { RowButton } from "../ui/table";

type Team = RouterOutputs["team"]["list"];
type Member = Team["members"][number];
type Invitation = Team["invitations"][number];

/** The account's people and open invitations; admins invite, remove and revoke, members look. */
export function TeamPage() {
  const t = useTranslations("settings.team");
  const me = trpc.session.me.useQuery();
  const team = trpc.team.list.useQuery();
  const utils = trpc.useUtils();
  const admin = me.data?.teamRole === "admin";
  const [inviting, setInviting] = useState(false);
  useDraftDialog(INVITE_DRAFT, () => setInviting(true));
  const [removing, setRemoving] = useState<Member | null>(null);
  const [resetting, setResetting] = useState<Member | null>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const revoke = trpc.team.revokeInvitation.useMutation({
    onSuccess: (_data, vars) => {
      const email = team.data?.invitations.find((i) => i.pk === vars.pk)?.email ?? "";
      setNotice({ kind: "success", text: t("revokedNotice", { email }) });
    },
    onError: (error) => setNotice({ kind: "error", text: error.message }),
    onSettled: () => utils.team.list.invalidate(),
  });
  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead", { account: me.data?.account ?? "" })}>
        {admin && (
          <button type="button" className="button button-primary" onClick={() => setInviting(true)}>
            {t("invite")}
          </button>
        )}
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      {team.data && <TwoFactorPolicy required={team.data.require_two_factor} admin={admin} account={me.data?.account ?? ""} onNotice={setNotice} />}
      <QueryCard query={team} isEmpty={() => false} empty={null}>
        {(data) => (
          // Focusable: on a phone the table scrolls sideways inside the card, and keyboards must reach that too.
          <div className="table-scroll" tabIndex={0} role="group" aria-label={t("title")}>
            <MembersTable members={data.members} admin={admin} onRemove={setRemoving} onResetTwoFactor={setResetting} />
          </div>
        )}
      </QueryCard>
      <section className="detail-section" aria-labelledby="team-invitations">
        <h2 id="team-invitations">{t("invitations")}</h2>
        <QueryCard query={team} isEmpty={(data) => data.invitations.length === 0} empty={t("noInvitations")}>
          {(data) => (
            <div className="table-scroll" tabIndex={0} role="group" aria-labelledby="team-invitations">
              <InvitationsTable invitations={data.invitations} admin={admin} onRevoke={(i) => revoke.mutate({ pk: i.pk })} />
            </div>
          )}
        </QueryCard>
      </section>
      {inviting && <InviteDialog onClose={() => setInviting(false)} onInvited={setNotice} />}
      {removing && <RemoveDialog member={removing} account={me.data?.account ?? ""} onClose={() => setRemoving(null)} onRemoved={setNotice} />}
      {resetting && <ResetTwoFactorDialog member={resetting} onClose={() => setResetting(null)} onReset={setNotice} />}
    </section>
  );
}

/** The account's rule: two-factor sign-in for everyone. Admins switch it (having it themselves first); members read it. */
function TwoFactorPolicy(props: { required: boolean; admin: boolean; account: string; onNotice: (n: NoticeValue) => void }) {
  const { required, admin, account, onNotice } = props;
  const t = useTranslations("settings.team");
  const utils = trpc.useUtils();
  const change = trpc.team.requireTwoFactor.useMutation({
    onSuccess: (_data, vars) => onNotice({ kind: "success", text: vars.required ? t("requiredNotice") : t("notRequiredNotice") }),
    onError: (error) => onNotice({ kind: "error", text: error.message }),
    onSettled: () => utils.team.list.invalidate(),
  });
  if (!admin) return required ? <p className="alert alert-info">{t("requiredForMembers", { account })}</p> : null;
  return (
    <div className="card card-padded">
      <h2 className="card-title">{t("requireTitle")}</h2>
      <label className="checkbox">
        <input type="checkbox" checked={required} disabled={change.isPending} onChange={(e) => change.mutate({ required: e.target.checked })} />
        {t("requireLabel", { account })}
      </label>
      <p className="field-hint">{t("requireHint")}</p>
    </div>
  );
}

function MembersTable(props: { members: Member[]; admin: boolean; onRemove: (m: Member) => void; onResetTwoFactor: (m: Member) => void }) {
  const { members, admin, onRemove, onResetTwoFactor } = props;
  const t = useTranslations("settings.team");
  const f = useFormat();
  return (
    <ListTable columns={[t("name"), t("email"), t("role"), t("twoFactor"), t("since")]} actions={admin} rows={members}>
      {(m) => (
        <tr key={m.id}>
          <td>
            {m.name}
            {m.you && <span className="muted"> ({t("you")})</span>}
          </td>
          <td>{m.email}</td>
          <td>{m.team_role === "admin" ? t("admin") : t("member")}</td>
          <td>{m.two_factor ? <span className="badge badge-success">{t("twoFactorOn")}</span> : <span className="muted">{t("twoFactorOff")}</span>}</td>
          <td className="nowrap">{f.date(m.created_at)}</td>
          {admin && (
            <td className="actions">
              {!m.you && m.two_factor && <RowButton label={t("resetTwoFactor")} subject={m.name} onClick={() => onResetTwoFactor(m)} />}
              {!m.you && <RowButton label={t("remove")} subject={m.name} danger onClick={() => onRemove(m)} />}
            </td>
          )}
        </tr>
      )}
    </ListTable>
  );
}

function InvitationsTable({ invitations, admin, onRevoke }: { invitations: Invitation[]; admin: boolean; onRevoke: (i: Invitation) => void }) {
  const t = useTranslations("settings.team");
  const f = useFormat();
  return (
    <ListTable columns={[t("email"), t("role"), t("invitedBy"), t("expires")]} actions={admin} rows={invitations}>
      {(i) => (
        <tr key={i.pk}>
          <td>{i.email}</td>
          <td>{i.team_role === "admin" ? t("admin") : t("member")}</td>
          <td>{i.invited_by}</td>
          <td className="nowrap">{f.dateTime(i.expires_at)}</td>
          {admin && (
            <td className="actions">
              <RowButton label={t("revokeInvitation")} subject={i.email} danger onClick={() => onRevoke(i)} />
            </td>
          )}
        </tr>
      )}
    </ListTable>
  );
}

/** The invitation dialog's draft: what is typed in it survives an ended session (ui/draft-scope.tsx). */
const INVITE_DRAFT = "team.invite";

function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (n: NoticeValue) => void }) {
  const t = useTranslations("settings.team");
  return (
    <Modal draft={INVITE_DRAFT} title={t("invite")} onClose={onClose}>
      <InviteForm onClose={onClose} onInvited={onInvited} />
    </Modal>
  );
}

/** The form inside the dialog, so that its values are the draft's (they live within `<Modal draft>`). */
function InviteForm({ onClose, onInvited }: { onClose: () => void; onInvited: (n: NoticeValue) => void }) {
  const t = useTranslations("settings.team");
  const { values, bind, setValues } = useFormValues({ email: "", team_role: "member" });
  const email = values.email;
  const role = values.team_role === "admin" ? "admin" : "member";
  const invite = trpc.team.invite.useMutation(
    useDialogMutation({ refresh: (u) => u.team.list.invalidate(), onDone: () => onInvited({ kind: "success", text: t("invitedNotice", { email }) }), onClose }),
  );
  const errors = fieldMessages(invite.error);
  return (
    <ServerCheckedForm
      mutation={invite}
      fields={["email", "team_role"]}
      submitLabel={t("send")}
      pendingLabel={t("sending")}
      onSubmit={() => invite.mutate({ email, team_role: role })}
      onCancel={onClose}
      grid={false}
    >
      <TextField label={t("email")} type="email" required {...bind("email")} errors={errors.email} autoComplete="off" />
      <Field label={t("role")} errors={errors.team_role}>
        {(control) => (
          <select {...control} value={role} onChange={(e) => setValues((v) => ({ ...v, team_role: e.target.value }))}>
            <option value="member">{t("member")}</option>
            <option value="admin">{t("admin")}</option>
          </select>
        )}
      </Field>
    </ServerCheckedForm>
  );
}

function RemoveDialog(props: { member: Member; account: string; onClose: () => void; onRemoved: (n: NoticeValue) => void }) {
  const { member, account, onClose, onRemoved } = props;
  const t = useTranslations("settings.team");
  const notice = t("removedNotice", { name: member.name });
  const remove = trpc.team.remove.useMutation(useNoticeMutation((u) => u.team.list.invalidate(), notice, onRemoved, onClose));
  const texts = { title: t("removeTitle", { name: member.name }), confirm: t("remove"), pending: t("removing") };
  return (
    <ConfirmAction texts={texts} mutation={remove} input={{ id: member.id }} danger onClose={onClose}>
      <p>{t("removeBody", { account })}</p>
    </ConfirmAction>
  );
}

/** An admin turns off the two-factor sign-in of a member who lost their authenticator. */
function ResetTwoFactorDialog(props: { member: Member; onClose: () => void; onReset: (n: NoticeValue) => void }) {
  const { member, onClose, onReset } = props;
  const t = useTranslations("settings.team");
  const notice = t("resetTwoFactorNotice", { name: member.name });
  const reset = trpc.team.resetTwoFactor.useMutation(useNoticeMutation((u) => u.team.list.invalidate(), notice, onReset, onClose));
  const texts = { title: t("resetTwoFactorTitle", { name: member.name }), confirm: t("resetTwoFactor"), pending: t("resettingTwoFactor") };
  return (
    <ConfirmAction texts={texts} mutation={reset} input={{ id: member.id }} danger onClose={onClose}>
      <p>{t("resetTwoFactorBody")}</p>
    </ConfirmAction>
  );
}
