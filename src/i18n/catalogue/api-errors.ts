import { bilingual } from "./bilingual";

/**
 * The API's messages, written by `t()` (`src/i18n/locale.ts`) in the caller's language: errors of the request, of
 * its fields (zod's too, `src/i18n/zod-messages.ts`) and of the domain's rules. Flat, with the snake_case keys the
 * code has always named them by.
 */
export const apiErrors = bilingual({
  // Request-level errors
  not_found: ["Not found.", "Hittades inte."],
  invalid_host: ["Invalid Host header.", "Ogiltigt Host-huvud."],
  invalid_request_target: ["The request target must be a path, such as /v2/.", "Begärans mål måste vara en sökväg, till exempel /v2/."],
  invalid_page: ["Invalid page.", "Ogiltig sida."],
  not_authenticated: ["Authentication credentials were not provided.", "Autentiseringsuppgifter saknas."],
  invalid_token: ["Invalid token.", "Ogiltig token."],
  ip_not_allowed: ["Requests from {ip} are not allowed for this API key.", "Anrop från {ip} är inte tillåtna för den här API-nyckeln."],
  cross_site_refused: [
    "Cross-site request refused: changes must come from the dashboard's own pages.",
    "Anrop från en annan webbplats nekas: ändringar måste göras från dashboardens egna sidor.",
  ],
  method_not_allowed: ['Method "{method}" not allowed.', 'Metoden "{method}" är inte tillåten.'],
  rate_limited: ["Request was throttled. Expected available in {seconds} seconds.", "Förfrågan begränsades. Försök igen om {seconds} sekunder."],
  rate_limited_concurrency: [
    "Too many requests of this account are in progress. Try again in a moment.",
    "För många förfrågningar från det här kontot pågår. Försök igen om en stund.",
  ],
  sign_in_locked: [
    "Too many failed sign-in attempts. Try again in {minutes} minutes.",
    "För många misslyckade inloggningsförsök. Försök igen om {minutes} minuter.",
  ],
  json_parse_error: ["JSON parse error - {reason}", "Fel vid tolkning av JSON - {reason}"],
  unsupported_media_type: ['Unsupported media type "{type}" in request.', 'Mediatypen "{type}" stöds inte.'],
  body_too_large: ["The request body is larger than {limit}.", "Anropets innehåll är större än {limit}."],
  idempotency_key_reused: ["This Idempotency-Key was already used with a different request.", "Denna Idempotency-Key har redan använts för ett annat anrop."],
  idempotency_key_in_progress: [
    "A request with this Idempotency-Key is still being processed. Retry later.",
    "Ett anrop med denna Idempotency-Key behandlas fortfarande. Försök igen senare.",
  ],
  idempotency_key_invalid: ["An Idempotency-Key is 1 to 255 printable characters.", "En Idempotency-Key består av 1 till 255 skrivbara tecken."],
  server_error: ["A server error occurred. The request id is {requestId}.", "Ett serverfel inträffade. Anropets id är {requestId}."],
  integration_header_missing: ["The Integration-ID header is required for this endpoint.", "Huvudet Integration-ID krävs för den här resursen."],
  integration_header_unknown: ['Integration "{id}" does not exist.', 'Integrationen "{id}" finns inte.'],
  // Field validation
  required: ["This field is required.", "Detta fält är obligatoriskt."],
  blank: ["This field may not be blank.", "Detta fält får inte vara tomt."],
  null: ["This field may not be null.", "Detta fält får inte vara null."],
  invalid_string: ["Not a valid string.", "Ingen giltig sträng."],
  invalid_integer: ["A valid integer is required.", "Ett giltigt heltal krävs."],
  invalid_number: ["A valid number is required.", "Ett giltigt tal krävs."],
  invalid_boolean: ["Must be a valid boolean.", "Måste vara ett giltigt booleskt värde."],
  invalid_object: ["Expected a JSON object.", "Ett JSON-objekt förväntades."],
  invalid_list: ['Expected a list of items but got type "{type}".', 'En lista förväntades men fick typen "{type}".'],
  invalid_datetime: [
    "Datetime has wrong format. Use ISO 8601, for example 2026-01-31T12:00:00Z.",
    "Fel format på datum och tid. Använd ISO 8601, till exempel 2026-01-31T12:00:00Z.",
  ],
  datetime_out_of_range: ["Enter a date and time between {min} and {max} (UTC).", "Ange ett datum och en tid mellan {min} och {max} (UTC)."],
  text_not_storable: ["Text may not contain NUL characters or unpaired surrogates.", "Texten får inte innehålla NUL-tecken eller ensamma surrogattecken."],
  key_not_storable: ["Keys may not contain NUL characters or unpaired surrogates.", "Nycklar får inte innehålla NUL-tecken eller ensamma surrogattecken."],
  nested_too_deeply: ["Nested too deeply: at most {max} levels.", "För djupt nästlat: högst {max} nivåer."],
  invalid_email: ["Enter a valid email address.", "Ange en giltig e-postadress."],
  invalid_url: ["Enter a valid URL.", "Ange en giltig URL."],
  webhook_disabled: [
    'This webhook subscription is disabled: enable it (PATCH status "enabled") to send to it again.',
    'Den här webhook-prenumerationen är avstängd: slå på den (PATCH status "enabled") för att skicka till den igen.',
  ],
  redeliver_failed_too_many: [
    "{count} failed deliveries since then; at most {max} are redelivered at once. Pick a later time.",
    "{count} misslyckade leveranser sedan dess; högst {max} levereras igen åt gången. Välj en senare tidpunkt.",
  ],
  webhook_not_subscribed: ['This webhook subscription is not subscribed to "{event}".', 'Den här webhook-prenumerationen prenumererar inte på "{event}".'],
  webhook_url_userinfo: ["A webhook URL may not contain a user name or password.", "En webhook-URL får inte innehålla användarnamn eller lösenord."],
  invalid_choice: ['"{value}" is not a valid choice.', '"{value}" är inte ett giltigt val.'],
  too_long: ["Ensure this field has no more than {max} characters.", "Detta fält får ha högst {max} tecken."],
  too_short: ["Ensure this field has at least {min} characters.", "Detta fält måste ha minst {min} tecken."],
  too_small: ["Ensure this value is greater than or equal to {min}.", "Värdet måste vara större än eller lika med {min}."],
  too_big: ["Ensure this value is less than or equal to {max}.", "Värdet måste vara mindre än eller lika med {max}."],
  unknown_field: ["Unknown field.", "Okänt fält."],
  invalid_value: ["Invalid value.", "Ogiltigt värde."],
  id_taken: ["An object with this id already exists.", "Ett objekt med detta id finns redan."],
  invalid_image: ["Upload a valid image (PNG, JPEG, GIF, WebP or SVG).", "Ladda upp en giltig bild (PNG, JPEG, GIF, WebP eller SVG)."],
  image_too_large: ["The image is larger than {limit}.", "Bilden är större än {limit}."],
  // Integrations
  integration_type_undeletable: ["Integrations of type {type} cannot be deleted.", "Integrationer av typ {type} kan inte tas bort."],
  integration_type_readonly: ["Integrations of type 2 cannot be updated or replaced.", "Integrationer av typ 2 kan inte ändras eller ersättas."],
  integration_has_objects: ["This Integration has associated objects and cannot be deleted.", "Integrationen har kopplade objekt och kan inte tas bort."],
  // Employees and Messages
  invalid_country: ['"{value}" is not an ISO 3166 alpha-3 country code.', '"{value}" är inte en landskod enligt ISO 3166 alpha-3.'],
  invalid_phone: [
    "Enter a valid phone number with its country code, for example +46701234567.",
    "Ange ett giltigt telefonnummer med landsnummer, till exempel +46701234567.",
  ],
  object_does_not_exist: ['Object with id "{id}" does not exist.', 'Objekt med id "{id}" finns inte.'],
  resend_too_soon: [
    "The invitation can be sent again 24 hours after the previous resend, at {at}.",
    "Inbjudan kan skickas igen 24 timmar efter förra gången, {at}.",
  ],
  resend_claimed: [
    "The Employee has already claimed the invitation: there is no invitation left to send again.",
    "Den anställda har redan tagit emot inbjudan: det finns ingen inbjudan kvar att skicka igen.",
  ],
  magic_link_invalid: [
    "This link is invalid, has expired or was already used. Ask for a new invitation.",
    "Länken är ogiltig, har gått ut eller har redan använts. Be om en ny inbjudan.",
  ],
  employee_not_claimed: ["The Employee has not opened the invitation yet.", "Den anställda har inte öppnat inbjudan ännu."],
  employee_already_claimed: ["The Employee has already claimed the invitation.", "Den anställda har redan tagit emot inbjudan."],
  employee_not_verified: ["The Employee has not been verified yet.", "Den anställda har inte verifierats ännu."],
  employee_already_verified: ["The Employee is already verified.", "Den anställda är redan verifierad."],
  employee_session_required: ["Open the link in your invitation email to sign in.", "Öppna länken i inbjudan för att logga in."],
  // The claim form (src/domain/employees/claim-details-rules.ts): field errors in the Employee's language.
  claim_details_required: [
    "Fill in your identity number, bank account, name and address to accept the invitation.",
    "Fyll i personnummer, bankkonto, namn och adress för att ta emot inbjudan.",
  ],
  identity_number_invalid: [
    "Enter a valid Swedish personal identity number or coordination number, e.g. 19900101-1234 (the date and the last digit are checked).",
    "Ange ett giltigt personnummer eller samordningsnummer, t.ex. 19900101-1234 (datumet och sista siffran kontrolleras).",
  ],
  identity_number_too_young: ["You must be at least 16 years old to be paid through Payroute.", "Du måste ha fyllt 16 år för att få betalt via Payroute."],
  clearing_number_invalid: [
    "Enter a valid clearing number: 4 digits (5 for Swedbank clearing numbers starting with 8), as your bank shows it.",
    "Ange ett giltigt clearingnummer: 4 siffror (5 för Swedbanks clearingnummer som börjar på 8), som din bank visar det.",
  ],
  account_number_length_exact: [
    "{bank} account numbers have {digits} digits (without the clearing number); you entered {count}.",
    "Kontonummer hos {bank} har {digits} siffror (utan clearingnumret); du angav {count}.",
  ],
  account_number_length_range: [
    "{bank} account numbers have {min} to {max} digits (without the clearing number); you entered {count}.",
    "Kontonummer hos {bank} har {min} till {max} siffror (utan clearingnumret); du angav {count}.",
  ],
  account_number_invalid: [
    "This is not a valid {bank} account number (the check digit does not match). Check it against your bank.",
    "Det här är inte ett giltigt kontonummer hos {bank} (kontrollsiffran stämmer inte). Jämför med din bank.",
  ],
  postal_code_invalid: ["Enter a Swedish postal code: 5 digits, e.g. 123 45.", "Ange ett svenskt postnummer: 5 siffror, t.ex. 123 45."],
  bank_change_needs_fresh_link: [
    "For your safety, changing your bank account needs a fresh sign-in link: ask for a new link and open it, then change it within {minutes} minutes.",
    "För din säkerhet behöver du en ny inloggningslänk för att byta bankkonto: be om en ny länk och öppna den, och byt sedan inom {minutes} minuter.",
  ],
  claim_details_not_editable: [
    "Your details are being checked; you can change them if the review asks you to.",
    "Dina uppgifter granskas; du kan ändra dem om granskningen ber dig om det.",
  ],
  // Registrations
  registration_country_refused: ["Registrations of companies in {country} are not accepted.", "Registreringar av företag i {country} tas inte emot."],
  registration_tin_invalid: [
    "Enter a valid tax identification number for {country} ({schemes}).",
    "Ange ett giltigt skatteregistreringsnummer för {country} ({schemes}).",
  ],
  registration_vat_invalid: ["Enter a valid VAT number for {country} ({schemes}).", "Ange ett giltigt momsregistreringsnummer för {country} ({schemes})."],
  registration_vat_required: [
    "A VAT number is required for companies registered in {country}.",
    "Momsregistreringsnummer krävs för företag registrerade i {country}.",
  ],
  registration_number_unchecked: [
    "No validation rule for numbers of {country}: check it by hand.",
    "Det finns ingen valideringsregel för nummer från {country}: kontrollera det manuellt.",
  ],
  registration_state_required: ["A state, province or territory is required for {country}.", "Delstat, provins eller territorium krävs för {country}."],
  registration_state_invalid: [
    '"{value}" is not a state, province or territory of {country}.',
    '"{value}" är inte en delstat, provins eller ett territorium i {country}.',
  ],
  registration_state_free_text: ["Not checked: {country} has no required state.", "Inte kontrollerat: {country} kräver ingen delstat."],
  registration_needs_country: ["Not checked: the country is invalid.", "Inte kontrollerat: landet är ogiltigt."],
  registration_integration_exists: ["An Integration with this id already exists.", "Det finns redan en integration med detta id."],
  registration_integration_id_taken: ["Another Registration already uses this integration_id.", "En annan registrering använder redan detta integration_id."],
  registration_approved_locked: [
    "This Registration has been approved and can no longer be changed or deleted.",
    "Registreringen är godkänd och kan inte längre ändras eller tas bort.",
  ],
  registration_already_approved: ["This Registration has already been approved.", "Registreringen är redan godkänd."],
  registration_approve_demo_only: [
    "Registrations can be approved through the API in the demo environment only; live Registrations are approved by the review team.",
    "Registreringar kan bara godkännas via API:t i demomiljön; registreringar i livemiljön godkänns av granskningsteamet.",
  ],
  registration_integration_taken_on_approval: [
    'An Integration with id "{id}" already exists. Change the integration_id of this Registration, then approve it.',
    'Det finns redan en integration med id "{id}". Ändra registreringens integration_id och godkänn den sedan.',
  ],
  // Webhooks
  unknown_event: ['"{name}" is not an event. Valid events: {valid}.', '"{name}" är ingen händelse. Giltiga händelser: {valid}.'],
  webhook_needs_integration: [
    "Events of Employees, Payouts and Payruns belong to an Integration: send the Integration-ID header.",
    "Händelser för anställda, utbetalningar och lönekörningar hör till en integration: skicka huvudet Integration-ID.",
  ],
  webhook_target_private_live: [
    'Webhooks of live keys must go to a public address; "{host}" is not one.',
    'Webhooks för live-nycklar måste gå till en publik adress; "{host}" är ingen sådan.',
  ],
  webhook_target_private_demo: [
    'This server sends webhooks of demo keys only to public addresses; "{host}" is not one.',
    'Den här servern skickar webhooks för demo-nycklar bara till publika adresser; "{host}" är ingen sådan.',
  ],
  webhook_target_unresolvable: ['The host "{host}" cannot be resolved.', 'Värden "{host}" kan inte slås upp.'],
  // Payouts
  invalid_currency: ['"{value}" is not an ISO 4217 currency code.', '"{value}" är inte en valutakod enligt ISO 4217.'],
  money_decimal_places: ["Ensure that there are no more than 2 decimal places.", "Värdet får ha högst 2 decimaler."],
  money_positive: ["Ensure this value is greater than 0.", "Värdet måste vara större än 0."],
  payout_one_basis: ["Give exactly one of amount, invoiced_amount or cost.", "Ange exakt ett av amount, invoiced_amount eller cost."],
  payout_end_before_start: ["May not be before the start date.", "Får inte vara före startdatumet."],
  payout_bulk_empty: ["Send at least one Payout.", "Skicka minst en utbetalning."],
  payout_bulk_too_many: ["Send at most {max} Payouts in one request.", "Skicka högst {max} utbetalningar i ett anrop."],
  export_too_many: ["An export holds at most {max} rows; narrow the filters.", "En export rymmer högst {max} rader; begränsa filtren."],
  payout_country_unsupported: ["Payouts to Employees in {country} are not supported yet.", "Utbetalningar till anställda i {country} stöds inte ännu."],
  payout_currency_unsupported: [
    'Payouts to Employees in {country} cannot be made in "{currency}". Use {allowed}.',
    'Utbetalningar till anställda i {country} kan inte göras i "{currency}". Använd {allowed}.',
  ],
  payout_below_minimum: [
    "No amount gives this figure; the smallest Payout has {basis} {minimum}.",
    "Inget belopp ger denna siffra; den minsta utbetalningen har {basis} {minimum}.",
  ],
  payout_payrun_paid: [
    "The Payrun of this Payout has been paid; the Payout can no longer be deleted.",
    "Utbetalningens lönekörning är betald; utbetalningen kan inte längre tas bort.",
  ],
  payout_not_notified: ["The Employee has not been notified of this Payout yet.", "Den anställda har inte meddelats om denna utbetalning ännu."],
  payout_payrun_open: [
    "The Payout's Payrun is still open: close it and pay its Invoice first.",
    "Utbetalningens lönekörning är fortfarande öppen: stäng den och betala dess faktura först.",
  ],
  payout_payrun_unpaid: ["The Payout's Payrun has not been paid yet.", "Utbetalningens lönekörning har inte betalats ännu."],
  payout_already_accepted: ["This Payout has already been accepted.", "Utbetalningen är redan godkänd."],
  payout_canceled: ["This Payout has been canceled.", "Utbetalningen har avbrutits."],
  payout_resend_too_soon: [
    "The notification can be sent again 24 hours after the previous resend, at {at}.",
    "Meddelandet kan skickas igen 24 timmar efter förra gången, {at}.",
  ],
  employee_has_payouts: ["This Employee has Payouts and cannot be deleted.", "Den anställda har utbetalningar och kan inte tas bort."],
  payrun_already_closed: ["This Payrun is already closed.", "Lönekörningen är redan stängd."],
  payrun_already_paid: ["This Payrun has already been paid.", "Lönekörningen är redan betald."],
  payrun_paid_locked: [
    "This Payrun has been paid and can no longer be changed or deleted.",
    "Lönekörningen är betald och kan inte längre ändras eller tas bort.",
  ],
  payrun_has_payouts: ["This Payrun has Payouts and cannot be deleted.", "Lönekörningen har utbetalningar och kan inte tas bort."],
  payrun_pay_demo_only: [
    "Payruns can be marked paid through the API in the demo environment only; live Payruns are paid by bank transfer.",
    "Lönekörningar kan bara markeras som betalda via API:t i demomiljön; i livemiljön betalas de med banköverföring.",
  ],
  payout_payrun_invoiced: [
    "The Payrun of this Payout has been invoiced; the Payout can no longer be deleted.",
    "Utbetalningens lönekörning är fakturerad; utbetalningen kan inte längre tas bort.",
  ],
  invalid_date: ["Date has wrong format. Use YYYY-MM-DD.", "Fel datumformat. Använd ÅÅÅÅ-MM-DD."],
  due_date_range: ["The due date must be between {min} and {max}.", "Förfallodagen måste vara mellan {min} och {max}."],
  invoice_already_issued: ["This Invoice has already been issued.", "Fakturan är redan utfärdad."],
  invoice_issue_disabled: ["This Integration may not issue Invoices through the API.", "Integrationen får inte utfärda fakturor via API:t."],
  payrun_management_disabled: [
    "Payrun management is not enabled for this Integration: ask support to enable it.",
    "Hantering av lönekörningar är inte aktiverad för integrationen: be supporten aktivera den.",
  ],
  payout_payrun_management_disabled: [
    "Payrun management is not enabled for this Integration: a Payout cannot name its Payrun.",
    "Hantering av lönekörningar är inte aktiverad för integrationen: en utbetalning kan inte ange sin lönekörning.",
  ],
  payrun_id_reserved: ['The id "open" is reserved.', 'Id:t "open" är reserverat.'],
  payrun_closed_locked: ["This Payrun is closed and can no longer be changed.", "Lönekörningen är stängd och kan inte längre ändras."],
  payout_payrun_not_open: [
    'Payrun "{id}" is closed: Payouts can no longer join it.',
    'Lönekörningen "{id}" är stängd: inga fler utbetalningar kan läggas till.',
  ],
  payout_payrun_currency: [
    'Payrun "{id}" is in {currency}: a Payout in {payout_currency} cannot join it.',
    'Lönekörningen "{id}" är i {currency}: en utbetalning i {payout_currency} kan inte läggas till.',
  ],
  payout_notified_locked: [
    "The Employee has been notified of this Payout; it can no longer be deleted.",
    "Den anställda har aviserats om utbetalningen; den kan inte längre tas bort.",
  ],
  prepayment_not_draft: [
    "This Prepayment has been invoiced and can no longer be changed or deleted.",
    "Förskottsbetalningen är fakturerad och kan inte längre ändras eller tas bort.",
  ],
  invoice_already_paid: ["This Invoice has already been paid.", "Fakturan är redan betald."],
  test_helpers_demo_only: [
    "Test helpers work with demo API keys only; this is a live key.",
    "Testhjälparna fungerar bara med demonycklar; detta är en livenyckel.",
  ],
  demo_clock_too_far: [
    "The demo clock can run at most {max} seconds ahead of the real time in all.",
    "Democklan kan ligga högst {max} sekunder före den verkliga tiden totalt.",
  ],
  invoice_pay_demo_only: [
    "Invoices can be marked paid through the API in the demo environment only; live Invoices are paid by bank transfer.",
    "Fakturor kan bara markeras som betalda via API:t i demomiljön; i livemiljön betalas de med banköverföring.",
  ],
  invoice_seller_missing: [
    "This Invoice's PDF is not available yet: the service's seller details are not configured. Please try again later.",
    "Fakturans PDF är inte tillgänglig än: tjänstens säljaruppgifter är inte inställda. Försök igen senare.",
  ],
  invoice_not_issued: ["This Invoice has not been issued yet.", "Fakturan har inte utfärdats än."],
  // Self-service: API keys, the team, passwords, employee sign-in links, Employee review
  admin_only: ["Only the account's admins can do this.", "Endast kontots administratörer kan göra detta."],
  api_key_not_allowed: [
    "An API key cannot do this: sign in to the dashboard as an account admin.",
    "En API-nyckel kan inte göra detta: logga in i instrumentpanelen som kontots administratör.",
  ],
  allow_ip_invalid: [
    '"{value}" is not an IP address or CIDR range (such as 203.0.113.0/24).',
    '"{value}" är inte en IP-adress eller ett CIDR-intervall (som 203.0.113.0/24).',
  ],
  api_key_not_found: ["No such API key, or it is already revoked.", "API-nyckeln finns inte eller är redan återkallad."],
  team_email_taken: ["This email address already belongs to a Payroute user.", "E-postadressen tillhör redan en Payroute-användare."],
  team_already_member: ["This person is already on your team.", "Personen finns redan i ert team."],
  team_invitation_invalid: [
    "This invitation link is not valid: it was used, revoked or has expired.",
    "Inbjudningslänken är inte giltig: den är använd, återkallad eller har gått ut.",
  ],
  team_last_admin: ["The account needs at least one admin.", "Kontot behöver minst en administratör."],
  team_remove_self: ["You cannot remove yourself.", "Du kan inte ta bort dig själv."],
  team_role_self: ["You cannot change your own role.", "Du kan inte ändra din egen roll."],
  team_two_factor_reset_self: [
    "You cannot reset your own two-factor sign-in: turn it off under Security, with your password.",
    "Du kan inte återställa din egen tvåstegsinloggning: stäng av den under Säkerhet, med ditt lösenord.",
  ],
  team_two_factor_not_enabled: ["This person has not turned on two-factor sign-in.", "Personen har inte slagit på tvåstegsinloggning."],
  two_factor_enrol_first: [
    "Turn on two-factor sign-in for yourself first (Security), then require it of the team.",
    "Slå först på tvåstegsinloggning för dig själv (Säkerhet) och kräv den sedan av teamet.",
  ],
  two_factor_required: [
    "Two-factor sign-in is required: turn it on under Security before you continue.",
    "Tvåstegsinloggning krävs: slå på den under Säkerhet innan du fortsätter.",
  ],
  session_not_found: ["No such session: it has ended already.", "Sessionen finns inte: den har redan avslutats."],
  sign_in_link_rate_limited: [
    "Too many sign-in links were asked for. Try again in an hour.",
    "För många inloggningslänkar har begärts. Försök igen om en timme.",
  ],
  employee_not_pending: ["This Employee is not awaiting verification.", "Den anställda väntar inte på verifiering."],
  reason_required: ["Give a reason: the employer reads it.", "Ange ett skäl: arbetsgivaren läser det."],
});
