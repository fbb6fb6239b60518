/** Types of seller-env.mjs, for the TypeScript scripts and tests that use it. */
export declare const SELLER_ENV: {
  SELLER_NAME: string;
  SELLER_ORG_NUMBER: string;
  SELLER_VAT_NUMBER: string;
  SELLER_ADDRESS: string;
};
