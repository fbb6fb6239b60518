import { bilingual } from "./bilingual";

/** Settings → Audit log (an account's admins) and the review team's own log: who changed what, and when. */
export const auditLog = bilingual({
  title: ["Audit log", "Granskningslogg"],
  lead: [
    "Every change made in the dashboard, through the API or by the command line, with who made it, from where, and what it was before and after. Kept a year unless the service is set otherwise; nobody can change or remove a record.",
    "Varje ändring som gjorts i dashboarden, via API:t eller från kommandoraden, med vem som gjorde den, varifrån och hur det var före och efter. Sparas ett år om tjänsten inte är inställd på annat; ingen kan ändra eller ta bort en post.",
  ],
  operatorTitle: ["Review team's audit log", "Granskningsteamets logg"],
  operatorLead: [
    "What the review team's members did (sign-ins, approvals and rejections, payments marked as received) and what the command line changed outside any account. Kept a year; nobody can change or remove a record.",
    "Vad granskningsteamets medlemmar gjorde (inloggningar, godkännanden och avslag, betalningar markerade som mottagna) och vad kommandoraden ändrade utanför något konto. Sparas ett år; ingen kan ändra eller ta bort en post.",
  ],
  operatorOnly: ["Only the review team reads its audit log.", "Endast granskningsteamet läser sin logg."],
  what: ["the audit log", "granskningsloggen"],
  filters: {
    label: ["Filters", "Filter"],
    action: ["Action", "Händelse"],
    allActions: ["All actions", "Alla händelser"],
    actor: ["Who", "Vem"],
    actorPlaceholder: ["Email or key prefix", "E-post eller nyckelprefix"],
    from: ["From", "Från"],
    to: ["Until", "Till"],
  },
  columns: {
    when: ["When", "När"],
    who: ["Who", "Vem"],
    from: ["From where", "Varifrån"],
    action: ["Action", "Händelse"],
    object: ["Object", "Objekt"],
    change: ["Before → after", "Före → efter"],
  },
  actorKinds: {
    user: ["Person", "Person"],
    api_key: ["API key", "API-nyckel"],
    operator: ["Review team", "Granskningsteamet"],
    cli: ["Command line", "Kommandoraden"],
    system: ["Payroute", "Payroute"],
  },
  noChange: ["—", "—"],
  none: ["(none)", "(inget)"],
  empty: ["No records match.", "Inga poster matchar."],
  exportCsv: ["Export CSV", "Exportera CSV"],
  exporting: ["Exporting…", "Exporterar…"],
  exported: ["{count, plural, one {# record was} other {# records were}} exported.", "{count, plural, one {# post} other {# poster}} exporterades."],
  actions: {
    api_key: {
      created: ["API key created", "API-nyckel skapad"],
      revoked: ["API key revoked", "API-nyckel återkallad"],
    },
    team: {
      member_invited: ["Member invited", "Medlem inbjuden"],
      invitation_revoked: ["Invitation withdrawn", "Inbjudan återkallad"],
      member_joined: ["Member joined", "Medlem gick med"],
      member_removed: ["Member removed", "Medlem borttagen"],
      member_role_changed: ["Member's role changed", "Medlemmens roll ändrad"],
      two_factor_required: ["Two-factor sign-in requirement changed", "Krav på tvåstegsinloggning ändrat"],
    },
    webhook: {
      created: ["Webhook created", "Webhook skapad"],
      updated: ["Webhook changed", "Webhook ändrad"],
      enabled: ["Webhook turned on", "Webhook aktiverad"],
      disabled: ["Webhook turned off", "Webhook inaktiverad"],
      secret_revealed: ["Webhook secret shown", "Webhook-hemlighet visad"],
      secret_rolled: ["Webhook secret replaced", "Webhook-hemlighet bytt"],
      deleted: ["Webhook deleted", "Webhook borttagen"],
    },
    payout: {
      created: ["Payout created", "Utbetalning skapad"],
      imported: ["Payouts imported", "Utbetalningar importerade"],
    },
    employee: {
      approved: ["Employee approved", "Anställd godkänd"],
      rejected: ["Employee rejected", "Anställd avvisad"],
      detail_revealed: ["Employee's personal details shown", "Anställds personuppgifter visade"],
    },
    registration: {
      approved: ["Registration approved", "Registrering godkänd"],
      rejected: ["Registration rejected", "Registrering avvisad"],
    },
    invoice: {
      marked_paid: ["Invoice marked paid", "Faktura markerad som betald"],
    },
    payrun: {
      marked_paid: ["Payrun marked paid", "Lönekörning markerad som betald"],
    },
    user: {
      created: ["User created", "Användare skapad"],
      signed_in: ["Signed in", "Inloggad"],
      sign_in_failed: ["Sign-in failed", "Misslyckad inloggning"],
      two_factor_enabled: ["Two-factor sign-in turned on", "Tvåstegsinloggning aktiverad"],
      two_factor_disabled: ["Two-factor sign-in turned off", "Tvåstegsinloggning inaktiverad"],
      two_factor_reset: ["Two-factor sign-in reset", "Tvåstegsinloggning återställd"],
      password_changed: ["Password changed", "Lösenord ändrat"],
      sessions_revoked: ["Signed out everywhere else", "Utloggad överallt annars"],
      session_revoked: ["A session signed out", "En session utloggad"],
    },
    encryption: {
      rotated: ["Personal details re-encrypted with the current key", "Personuppgifter omkrypterade med den aktuella nyckeln"],
    },
  },
});
