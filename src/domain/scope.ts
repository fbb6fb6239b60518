/**
 * Who a service acts for, as explicit arguments: the services trust these and never read the request.
 * The tRPC base procedures (src/trpc/init.ts) build them from the caller's credentials.
 */
import type { Environment } from "./environments";

/** A client account acting in one environment: an API key, or a person of the account in the dashboard. */
export interface AccountScope {
  accountPk: string;
  environment: Environment;
}

/** Acting as one of the account's Integrations (named by the `Integration-ID` header or the dashboard's choice). */
export interface IntegrationScope extends AccountScope {
  integrationPk: string;
  integrationId: string;
}
