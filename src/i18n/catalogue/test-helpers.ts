import { bilingual } from "./bilingual";

/** The demo environment's test-helper buttons (each accessible name starts with the visible label, WCAG 2.5.3) (Employee, Payout and Payrun pages): what /v2/test_helpers/ does. */
export const testHelpers = bilingual({
  claim: ["Claim (test)", "Gör anspråk (test)"],
  claimLabel: ["Claim (test): as if {name} claimed the invitation", "Gör anspråk (test): som om {name} tog emot inbjudan"],
  claimed: ["{name} has claimed the invitation.", "{name} har tagit emot inbjudan."],
  verify: ["Verify (test)", "Verifiera (test)"],
  verifyLabel: ["Verify (test): as if {name} was verified", "Verifiera (test): som om {name} verifierades"],
  verified: ["{name} is verified.", "{name} är verifierad."],
  accept: ["Accept (test)", "Acceptera (test)"],
  acceptLabel: ["Accept (test): as if the Employee accepted {name}", "Acceptera (test): som om den anställda accepterade {name}"],
  accepted: ["The Payout was accepted.", "Utbetalningen accepterades."],
  pay: ["Pay (test)", "Betala (test)"],
  payLabel: ["Pay (test): mark {name} paid, as if the bank transfer arrived", "Betala (test): markera {name} som betald, som om banköverföringen kom"],
  paid: ["The Payrun is paid; its Payouts are notified.", "Lönekörningen är betald; dess utbetalningar aviseras."],
  working: ["Working…", "Arbetar…"],
});
