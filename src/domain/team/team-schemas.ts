/** The team page: the account's people, their roles, and open invitations. */
import { z } from "zod";
import { ZTimestamp } from "@/domain/shared/schemas";

export const ZTeamRole = z.enum(["admin", "member"]);

export const ZTeamMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  team_role: ZTeamRole,
  created_at: ZTimestamp,
  you: z.boolean(),
  /** Whether the person signs in with a second factor (TOTP). */
  two_factor: z.boolean(),
});

export const ZTeamInvitation = z.object({
  pk: z.uuid(),
  email: z.string(),
  team_role: ZTeamRole,
  invited_by: z.string(),
  created_at: ZTimestamp,
  expires_at: ZTimestamp,
});

export const ZTeam = z.object({
  members: z.array(ZTeamMember),
  invitations: z.array(ZTeamInvitation),
  /** The account requires 2FA of everyone: a person without it is sent to enrol before anything else. */
  require_two_factor: z.boolean(),
});

export const ZTwoFactorPolicy = z.object({ required: z.boolean() });

export const ZInviteRequest = z.object({ email: z.email().trim().toLowerCase().max(254), team_role: ZTeamRole.default("member") });

/** The token travels in the link's fragment; the page sends it with the chosen name and password. */
export const ZInvitationToken = z.object({ token: z.string().min(20).max(200) });
export const ZInvitationPreview = z.object({ email: z.string(), account: z.string() });
export const ZAcceptInvitation = ZInvitationToken.extend({
  name: z.string().trim().min(1).max(200),
  // better-auth's own limits (createAuth: minPasswordLength 10; its default maximum 128)
  password: z.string().min(10).max(128),
});

export const ZMemberLookup = z.object({ id: z.string().min(1).max(100) });
export const ZInvitationLookup = z.object({ pk: z.uuid() });
export const ZChangeRole = ZMemberLookup.extend({ team_role: ZTeamRole });
