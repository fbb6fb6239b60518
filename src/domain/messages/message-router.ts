import { integrationProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { envelope } from "@/trpc/pagination";
import { ZCreateMessageRequest, ZListMessagesQuery, ZMessage, ZMessageList, ZMessageLookup } from "./message-schemas";
import { createMessage, getMessage, listMessages, toMessageApi } from "./message-service";

const openapi = integrationScoped("Messages");

export const messageRouter = router({
  list: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: "/messages/", summary: "List Messages" }, detailPath: "/v2/messages/{id}/" })
    .input(ZListMessagesQuery)
    .output(ZMessageList)
    .query(async ({ ctx, input }) => {
      const { count, rows } = await listMessages(ctx.db, ctx.scope, input);
      return envelope(ctx, input, count, rows.map(toMessageApi));
    }),

  get: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: "/messages/{message_id}/", summary: "Retrieve a Message" } })
    .input(ZMessageLookup)
    .output(ZMessage)
    .query(async ({ ctx, input }) => toMessageApi(await getMessage(ctx.db, ctx.scope, input.message_id))),

  create: integrationProcedure
    .meta({ openapi: { ...openapi, method: "POST", path: "/messages/", summary: "Send a Message to Employees" }, status: 201 })
    .input(ZCreateMessageRequest)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => toMessageApi(await createMessage(ctx.db, ctx.scope, input))),
});
