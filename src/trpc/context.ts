import type { Db } from "@/db/database";
import type { DomainError } from "@/domain/errors";
import type { PrivateTargets } from "@/config/webhook-settings";
import type { Environment } from "@/generated/prisma/enums";
import type { Clock } from "@/domain/shared/clock";
import type { Seller } from "@/config/seller";
import type { FieldCipher } from "@/domain/shared/field-encryption";

/** Who is calling: an API key or a dashboard session, resolved to the same shape. */
export interface Principal {
  via: "api_key" | "session";
  /** null only for the service's own operators, who belong to no client account. */
  accountPk: string | null;
  environment: Environment;
  role: "client" | "operator";
  /** A dashboard person's role within the account (absent for API keys and operators): src/trpc/permissions.ts. */
  teamRole?: "admin" | "member";
  userId?: string;
  apiKeyPk?: string;
  /** A dashboard session's id (its row in `session`). */
  sessionId?: string;
  /**
   * A dashboard person's two-factor sign-in: whether they have it, and whether it is required of them (their
   * account's setting, or REQUIRE_OPERATOR_2FA for operators). Required and not on: only the sign-in, "who am
   * I" and security procedures answer them (src/trpc/permissions.ts).
   */
  twoFactor?: { enabled: boolean; required: boolean };
}

export interface Context {
  db: Db;
  principal: Principal | null;
  /** Why the request's credentials were refused (bad key, address outside the allow-list, cross-site write); every procedure throws it. */
  authFailure?: DomainError | null;
  /** The Integration-ID header, when sent. */
  integrationId: string | null;
  /** The public origin for absolute URLs (PUBLIC_URL), e.g. "https://api.example.com"; never the request's Host. */
  baseUrl: string;
  /** WEBHOOK_PRIVATE_TARGETS: which environments' webhooks may reach non-public addresses. */
  webhookPrivateTargets: PrivateTargets;
  /** BANKGIRO: the service's account printed on Invoice PDFs, or null when none is configured. */
  bankgiro: string | null;
  /** SELLER_*: the seller Invoices name, or null when not configured (Invoice PDFs are then refused). */
  seller: Seller | null;
  /** DATA_ENCRYPTION_KEY (and the old keys): encrypts identity numbers and bank accounts at rest. */
  fieldCipher: FieldCipher;
  /** What time it is for the domain: the process's (`systemClock`), or a test's. */
  clock: Clock;
  /** Absolute URL of page `n` of the current list request, or null where there is no such URL (tRPC calls). */
  pageUrl: (page: number) => string | null;
  requestId: string;
  /** The client's address (for per-address limits); absent where there is no request (tests' callers). */
  clientIp?: string;
  /** The client's User-Agent, for the audit log's "from where". */
  userAgent?: string | null;
  /** Whether the edge has already screened the input (`screenInput`, as /v2/ does before its fingerprint). */
  inputScreened?: boolean;
  /** How long before a dashboard session ends the dashboard warns (SESSION_WARNING_SECONDS); absent in tests' callers: the default. */
  sessionWarningSeconds?: number;
  /** Request cookies, and a way to set one on the response (a no-op where there is no browser). */
  cookies: {
    get(name: string): string | undefined;
    set(name: string, value: string, opts: { maxAgeSeconds: number; httpOnly: boolean }): void;
  };
}
