import { bilingual } from "./bilingual";

/**
 * The emails' subjects, plain texts and buttons, by email, and what their HTML adds (`layout`, `facts`). The plain
 * text is the email's text part as written; the HTML part (`src/domain/notifications/emails/`) shows the same
 * paragraphs, with the paragraph that is `{link}` as the button.
 */
export const emails = bilingual({
  invitation: {
    subject: ["{integration} invites you to get paid with Payroute", "{integration} bjuder in dig att få betalt via Payroute"],
    text: [
      "Hello {name},\n\n{integration} pays you through Payroute. Open this link to see your payments and messages:\n\n{link}\n\nThe link works once and expires in 7 days. Your invitation code is {code}.\n",
      "Hej {name},\n\n{integration} betalar dig via Payroute. Öppna länken för att se dina betalningar och meddelanden:\n\n{link}\n\nLänken fungerar en gång och gäller i 7 dagar. Din inbjudningskod är {code}.\n",
    ],
    button: ["Open Payroute", "Öppna Payroute"],
  },
  payout: {
    subject: ["You have a payout of {amount} from {integration}", "Du har en utbetalning på {amount} från {integration}"],
    text: [
      "Hello {name},\n\nYou have a payout of {amount} from {integration}: {description}\n\nOpen Payroute to see and accept it:\n\n{link}\n",
      "Hej {name},\n\nDu har en utbetalning på {amount} från {integration}: {description}\n\nÖppna Payroute för att se och godkänna den:\n\n{link}\n",
    ],
    button: ["See your payout", "Se din utbetalning"],
  },
  invoice: {
    subject: ["Invoice {number} from Payroute: {total}, due {due}", "Faktura {number} från Payroute: {total}, förfaller {due}"],
    textPrepayment: [
      "Hello {recipient},\n\nThe invoice {number} for your prepayment is attached: {total}, due {due}. Once paid, the amount pays your Payruns as they close.\nPay it with the OCR reference {ocr}, or in the dashboard:\n\n{link}\n",
      "Hej {recipient},\n\nFakturan {number} för er förskottsbetalning är bifogad: {total}, förfaller {due}. När den är betald betalar beloppet era lönekörningar när de stängs.\nBetala med OCR-nummer {ocr}, eller i instrumentpanelen:\n\n{link}\n",
    ],
    text: [
      "Hello {recipient},\n\nThe invoice {number} for your Payrun is attached: {total} (VAT included), due {due}.\nPay it with the OCR reference {ocr}, or in the dashboard:\n\n{link}\n",
      "Hej {recipient},\n\nFakturan {number} för er lönekörning är bifogad: {total} inklusive moms, förfaller {due}.\nBetala med OCR-nummer {ocr}, eller i instrumentpanelen:\n\n{link}\n",
    ],
    button: ["Open the invoice", "Öppna fakturan"],
  },
  teamInvitation: {
    subject: ["{inviter} invites you to {account} on Payroute", "{inviter} bjuder in dig till {account} på Payroute"],
    text: [
      "Hello,\n\n{inviter} invites you to join {account} on Payroute. Open this link to choose your password:\n\n{link}\n\nThe link works once and expires in 7 days.\n",
      "Hej,\n\n{inviter} bjuder in dig till {account} på Payroute. Öppna länken för att välja ditt lösenord:\n\n{link}\n\nLänken fungerar en gång och gäller i 7 dagar.\n",
    ],
    button: ["Join {account}", "Gå med i {account}"],
  },
  passwordReset: {
    subject: ["Reset your Payroute password", "Återställ ditt lösenord för Payroute"],
    text: [
      "Hello {name},\n\nSomeone (we hope you) asked to reset your Payroute password. Open this link to choose a new one:\n\n{link}\n\nThe link expires in 1 hour. If you did not ask, ignore this email: your password stays as it is.\n",
      "Hej {name},\n\nNågon (förhoppningsvis du) bad om att återställa ditt lösenord för Payroute. Öppna länken för att välja ett nytt:\n\n{link}\n\nLänken gäller i 1 timme. Om det inte var du kan du strunta i detta mejl: lösenordet förblir detsamma.\n",
    ],
    button: ["Choose a new password", "Välj ett nytt lösenord"],
  },
  signInLink: {
    subject: ["Your sign-in link for {integration}", "Din inloggningslänk för {integration}"],
    text: [
      "Hello {name},\n\nHere is a new link to sign in to Payroute and see your payments from {integration}:\n\n{link}\n\nThe link works once and expires in 7 days.\n",
      "Hej {name},\n\nHär är en ny länk för att logga in på Payroute och se dina betalningar från {integration}:\n\n{link}\n\nLänken fungerar en gång och gäller i 7 dagar.\n",
    ],
    button: ["Sign in to Payroute", "Logga in på Payroute"],
  },
  bankChanged: {
    subject: ["Your bank account for payments from {integration} was changed", "Ditt bankkonto för betalningar från {integration} har ändrats"],
    text: [
      "Hello {name},\n\nThe bank account your payments from {integration} go to was just changed (now at {bank}). If you made this change, there is nothing more to do.\n\nIf you did not, sign in and change it back at once, and tell {integration}:\n\n{link}\n",
      "Hej {name},\n\nBankkontot som dina betalningar från {integration} går till har just ändrats (nu hos {bank}). Om det var du som ändrade det behöver du inte göra något mer.\n\nOm det inte var du: logga in och ändra tillbaka det direkt, och berätta för {integration}:\n\n{link}\n",
    ],
    button: ["Open Payroute", "Öppna Payroute"],
  },
  webhookFailing: {
    subject: ["Webhook {id} is failing", "Webhooken {id} misslyckas"],
    text: [
      "Hello,\n\nEvery delivery to the webhook {id} ({environment}) at {url} has failed since {since}. If none succeeds before {disabledAt}, Payroute disables the subscription and stops sending to it.\n\nSee its delivery log:\n\n{link}\n",
      "Hej,\n\nVarje leverans till webhooken {id} ({environment}) på {url} har misslyckats sedan {since}. Om ingen lyckas före {disabledAt} stänger Payroute av prenumerationen och slutar skicka till den.\n\nSe dess leveranslogg:\n\n{link}\n",
    ],
    button: ["Open the delivery log", "Öppna leveransloggen"],
  },
  webhookDisabled: {
    subject: ["Webhook {id} has been disabled", "Webhooken {id} har stängts av"],
    text: [
      'Hello,\n\nEvery delivery to the webhook {id} ({environment}) at {url} failed from {since} on, so Payroute disabled it at {disabledAt}. Events that happen while it is disabled are not sent to it, not even after it is enabled again.\n\nEnable it again once the receiver works (PATCH status "enabled", or in the dashboard):\n\n{link}\n',
      'Hej,\n\nVarje leverans till webhooken {id} ({environment}) på {url} misslyckades från {since}, så Payroute stängde av den {disabledAt}. Händelser medan den är avstängd skickas inte till den, inte heller när den slås på igen.\n\nSlå på den igen när mottagaren fungerar (PATCH status "enabled", eller i instrumentpanelen):\n\n{link}\n',
    ],
    button: ["Open the webhook", "Öppna webhooken"],
  },
  layout: {
    /** The header's name when the email is not from an employer. */
    payroute: ["Payroute", "Payroute"],
    logoAlt: ["{name} logo", "{name}s logotyp"],
    linkFallback: ["If the button does not work, copy this link into your browser:", "Om knappen inte fungerar, kopiera länken till din webbläsare:"],
    onBehalf: ["Sent by Payroute on behalf of {employer}.", "Skickat av Payroute för {employer}."],
    sentBy: ["Sent by Payroute.", "Skickat av Payroute."],
    employeeWhy: [
      "You receive this email because {employer} pays you through Payroute.",
      "Du får det här mejlet eftersom {employer} betalar dig via Payroute.",
    ],
    staffWhy: ["You receive this email because of your account on Payroute.", "Du får det här mejlet på grund av ditt konto på Payroute."],
    safety: [
      "Payroute never asks for your password, identity number or bank details by email. Links in our emails go to {host}.",
      "Payroute ber aldrig om ditt lösenord, personnummer eller dina bankuppgifter via mejl. Länkar i våra mejl går till {host}.",
    ],
  },
  facts: {
    amount: ["Amount", "Belopp"],
    from: ["From", "Från"],
    invoiceNumber: ["Invoice number", "Fakturanummer"],
    total: ["To pay", "Att betala"],
    due: ["Due date", "Förfallodag"],
    ocr: ["OCR reference", "OCR-nummer"],
    webhook: ["Webhook", "Webhook"],
    environment: ["Environment", "Miljö"],
    url: ["Endpoint", "Mottagare"],
    failingSince: ["Failing since", "Misslyckas sedan"],
    disabledAt: ["Disabled at", "Avstängd"],
    disablesAt: ["Disabled at, if still failing", "Stängs av, om felen fortsätter"],
  },
});
