import { z } from "zod";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { ZId, ZMetadata, ZMetadataOutput, writeRequests } from "@/domain/shared/schemas";

export const ZMessage = z
  .object({
    id: z.string(),
    employees: z.array(z.string()).meta({ description: "ids of the Employees that see the Message" }),
    content: z.string(),
    metadata: ZMetadataOutput,
    created_at: z.string(),
  })
  .meta({ id: "Message" });
export type TMessage = z.infer<typeof ZMessage>;

const fields = {
  id: ZId.optional(),
  employees: z.array(ZId).min(1).max(10_000),
  content: z.string().trim().min(1).max(10_000),
  metadata: ZMetadata.optional(),
};

export const ZMessageLookup = z.object({ message_id: z.string() });
/** PATCH: every field optional. PUT: `employees` and `content` required, as on create. */
export const { create: ZCreateMessageRequest, update: ZUpdateMessageRequest, replace: ZReplaceMessageRequest } = writeRequests(ZMessageLookup, fields);
export type TCreateMessageRequest = z.infer<typeof ZCreateMessageRequest>;
export const ZListMessagesQuery = ZPageQuery.extend({
  employee: z.string().optional().meta({ description: "Only Messages to this Employee (id)" }),
});
export const ZMessageList = listEnvelope(ZMessage);
