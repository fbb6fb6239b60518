/** The security page's shapes: one's own sessions. */
import { z } from "zod";
import { ZTimestamp } from "@/domain/shared/schemas";

export const ZOwnSession = z.object({
  id: z.string(),
  /** The session this request comes from. */
  current: z.boolean(),
  /** From the User-Agent it signed in with (`src/lib/device.ts`); null when not recognised. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip_address: z.string().nullable(),
  signed_in_at: ZTimestamp,
  last_active_at: ZTimestamp,
});

/** When the asking session ends, and when the dashboard warns before that (the "Stay signed in" notice). */
export const ZSessionExpiry = z.object({
  expires_at: ZTimestamp,
  warn_at: ZTimestamp,
  /** The server's time now: the browser's clock may be off, so it times the warning from the difference. */
  now: ZTimestamp,
});

export const ZRevokeSession = z.object({ id: z.string().min(1).max(100) });
