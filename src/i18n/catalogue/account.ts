import { bilingual } from "./bilingual";

/** Signing in and everything around it: the sign-in form, "Forgot password", a new password, a team invitation. */
export const account = bilingual({
  email: ["Email", "E-post"],
  password: ["Password", "Lösenord"],
  signIn: ["Sign in", "Logga in"],
  signingIn: ["Signing in…", "Loggar in…"],
  signInTitle: ["Sign in to your dashboard", "Logga in i din kontrollpanel"],
  signInFailed: ["Sign-in failed. Please try again.", "Inloggningen misslyckades. Försök igen."],
  /** Why the sign-in page is shown: a dashboard request met a session that had ended (`?reason=`). */
  reason: {
    sessionEnded: ["Your session ended. Sign in again to go on where you were.", "Din session har avslutats. Logga in igen för att fortsätta där du var."],
    sessionEndedKept: ["Your session ended. Sign in again; what you typed is kept.", "Din session har avslutats. Logga in igen; det du skrev finns kvar."],
  },
  unreachable: ["Could not reach the server. Please try again.", "Kunde inte nå servern. Försök igen."],
  throttled: {
    wait: ["Too many sign-in attempts. Please wait a while before trying again.", "För många inloggningsförsök. Vänta en stund innan du försöker igen."],
    minutes: [
      "Too many sign-in attempts. Try again in {count, plural, one {# minute} other {# minutes}} (at {at}).",
      "För många inloggningsförsök. Försök igen om {count, plural, one {# minut} other {# minuter}} (kl. {at}).",
    ],
    seconds: [
      "Too many sign-in attempts. Try again in {count, plural, one {# second} other {# seconds}} (at {at}).",
      "För många inloggningsförsök. Försök igen om {count, plural, one {# sekund} other {# sekunder}} (kl. {at}).",
    ],
  },
  forgotLink: ["Forgot password?", "Glömt lösenordet?"],
  forgotTitle: ["Reset your password", "Återställ ditt lösenord"],
  forgotLead: [
    "Enter your email address. If it belongs to a Payroute user, we send a link to choose a new password.",
    "Ange din e-postadress. Om den tillhör en Payroute-användare skickar vi en länk för att välja ett nytt lösenord.",
  ],
  forgotSend: ["Send link", "Skicka länk"],
  forgotSending: ["Sending…", "Skickar…"],
  forgotSent: [
    "If {email} belongs to a Payroute user, a link is on its way. It works for one hour.",
    "Om {email} tillhör en Payroute-användare är en länk på väg. Den gäller i en timme.",
  ],
  backToSignIn: ["Back to sign in", "Tillbaka till inloggningen"],
  resetTitle: ["Choose a new password", "Välj ett nytt lösenord"],
  newPassword: ["New password", "Nytt lösenord"],
  passwordHint: ["At least 10 characters.", "Minst 10 tecken."],
  resetSave: ["Save password", "Spara lösenord"],
  resetSaving: ["Saving…", "Sparar…"],
  resetDone: ["Your password is changed. Sign in with it.", "Ditt lösenord är ändrat. Logga in med det."],
  resetInvalid: ["This link is not valid or has expired. Ask for a new one.", "Länken är inte giltig eller har gått ut. Be om en ny."],
  invitationTitle: ["Join {account} on Payroute", "Gå med i {account} på Payroute"],
  invitationLead: ["You were invited as {email}. Choose your name and a password.", "Du är inbjuden som {email}. Välj ditt namn och ett lösenord."],
  yourName: ["Your name", "Ditt namn"],
  invitationAccept: ["Join and sign in", "Gå med och logga in"],
  invitationAccepting: ["Joining…", "Går med…"],
  invitationInvalid: [
    "This invitation link is not valid: it was used, revoked or has expired. Ask for a new invitation.",
    "Inbjudningslänken är inte giltig: den är använd, återkallad eller har gått ut. Be om en ny inbjudan.",
  ],
  tooShort: ["Use at least 10 characters.", "Använd minst 10 tecken."],
  twoFactor: {
    title: ["Two-factor sign-in", "Tvåstegsinloggning"],
    codeLead: ["Enter the 6-digit code from your authenticator app.", "Ange den sexsiffriga koden från din autentiseringsapp."],
    backupLead: ["Enter one of your backup codes. Each works once.", "Ange en av dina reservkoder. Varje kod fungerar en gång."],
    code: ["Code", "Kod"],
    backupCode: ["Backup code", "Reservkod"],
    verify: ["Verify", "Verifiera"],
    verifying: ["Verifying…", "Verifierar…"],
    useBackup: ["Use a backup code instead", "Använd en reservkod i stället"],
    useApp: ["Use the authenticator app instead", "Använd autentiseringsappen i stället"],
    wrongCode: ["That code is not right. Try again.", "Koden stämmer inte. Försök igen."],
    expired: [
      "This sign-in has expired or had too many wrong codes. Sign in again.",
      "Inloggningen har gått ut eller fått för många felaktiga koder. Logga in igen.",
    ],
    startOver: ["Sign in again", "Logga in igen"],
  },
});
