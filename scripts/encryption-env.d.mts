/** Types of encryption-env.mjs, for the TypeScript scripts and tests that use it. */
export declare const ENCRYPTION_ENV: {
  DATA_ENCRYPTION_KEY: string;
};
