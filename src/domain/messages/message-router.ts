import { z } from "zod";
import { integrationProcedure, router, type Meta } from "@/trpc/init";
import { integrationScoped, restMeta } from "@/trpc/openapi-meta";
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

const meta = restMeta(integrationScoped("Messages"), "/messages/", "/messages/{message_id}/");

/** PATCH (`partial`) keeps omitted fields, PUT (`replace`) needs them all: one service call, told which. */
const writeProcedure = (writeMeta: Meta, request: typeof ZUpdateMessageRequest | typeof ZReplaceMessageRequest, mode: "partial" | "replace") =>
  integrationProcedure
    .meta(writeMeta)
    .input(request)
    .output(ZMessage)
    .mutation(async ({ ctx, input: { message_id, ...body } }) => toMessageApi(await updateMessage(ctx.db, ctx.scope, message_id, body, mode)));

export const messageRouter = router({
  list: integrationProcedure
    .meta(meta.list("List Messages"))
    .input(ZListMessagesQuery)
    .output(ZMessageList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listMessages(ctx.db, ctx.scope, input), (rows) => rows.map(toMessageApi))),

  get: integrationProcedure
    .meta(meta.get("Retrieve a Message"))
    .input(ZMessageLookup)
    .output(ZMessage)
    .query(async ({ ctx, input }) => toMessageApi(await getMessage(ctx.db, ctx.scope, input.message_id))),

  create: integrationProcedure
    .meta(meta.create("Send a Message to Employees"))
    .input(ZCreateMessageRequest)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => toMessageApi(await createMessage(ctx.db, ctx.scope, input))),

  update: writeProcedure(
    meta.update("Update a Message (omitted fields keep their value); the Employees it names see the new text"),
    ZUpdateMessageRequest,
    "partial",
  ),
  replace: writeProcedure(meta.replace("Replace a Message (employees and content required)"), ZReplaceMessageRequest, "replace"),

  delete: integrationProcedure
    .meta(meta.delete("Delete a Message (its Employees no longer see it)"))
    .input(ZMessageLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteMessage(ctx.db, ctx.scope, input.message_id)),
});
