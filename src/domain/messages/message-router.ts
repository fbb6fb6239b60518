import { z } from "zod";
import { integrationProcedure, router } from "@/trpc/init";
import { integrationScoped } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import {
  ZCreateMessageRequest,
  ZListMessagesQuery,
  ZMessage,
  ZMessageList,
  ZMessageLookup,
  ZReplaceMessageRequest,
  ZUpdateMessageRequest,
} from "./message-schemas";
import { createMessage, deleteMessage, getMessage, listMessages, toMessageApi, updateMessage } from "./message-service";

const path = "/messages/";
const item = "/messages/{message_id}/";
const openapi = integrationScoped("Messages");

export const messageRouter = router({
  list: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path, summary: "List Messages" }, detailPath: "/v2/messages/{id}/" })
    .input(ZListMessagesQuery)
    .output(ZMessageList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listMessages(ctx.db, ctx.scope, input), (rows) => rows.map(toMessageApi))),

  get: integrationProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: item, summary: "Retrieve a Message" } })
    .input(ZMessageLookup)
    .output(ZMessage)
    .query(async ({ ctx, input }) => toMessageApi(await getMessage(ctx.db, ctx.scope, input.message_id))),

  create: integrationProcedure
    .meta({ openapi: { ...openapi, method: "POST", path, summary: "Send a Message to Employees" }, status: 201 })
    .input(ZCreateMessageRequest)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => toMessageApi(await createMessage(ctx.db, ctx.scope, input))),

  update: integrationProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "PATCH",
        path: item,
        summary: "Update a Message (omitted fields keep their value); the Employees it names see the new text",
      },
    })
    .input(ZUpdateMessageRequest)
    .output(ZMessage)
    .mutation(async ({ ctx, input: { message_id, ...patch } }) => toMessageApi(await updateMessage(ctx.db, ctx.scope, message_id, patch, "partial"))),

  replace: integrationProcedure
    .meta({ openapi: { ...openapi, method: "PUT", path: item, summary: "Replace a Message (employees and content required)" } })
    .input(ZReplaceMessageRequest)
    .output(ZMessage)
    .mutation(async ({ ctx, input: { message_id, ...body } }) => toMessageApi(await updateMessage(ctx.db, ctx.scope, message_id, body, "replace"))),

  delete: integrationProcedure
    .meta({ openapi: { ...openapi, method: "DELETE", path: item, summary: "Delete a Message (its Employees no longer see it)" }, status: 204 })
    .input(ZMessageLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteMessage(ctx.db, ctx.scope, input.message_id)),
});
