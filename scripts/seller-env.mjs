// The SELLER_* settings (README, Configuration) that the processes tests, e2e and the bench start are given, so
// that they issue Invoices as production does (without them Invoices are refused). A made-up company: the
// organisation number has a valid check digit and the VAT number is made from it, as the settings require.
export const SELLER_ENV = {
  SELLER_NAME: "Payroute Test AB",
  SELLER_ORG_NUMBER: "559123-4561",
  SELLER_VAT_NUMBER: "SE559123456101",
  SELLER_ADDRESS: "Testgatan 1, 111 22 Stockholm",
};
