/** The dashboard's tRPC client; types come from the server's router (type-only import, no server code). */
import { createTRPCReact } from "@trpc/react-query";
import type { TRPCClientErrorLike } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/trpc/app-router";

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type TrpcError = TRPCClientErrorLike<AppRouter>;

/** What a form or dialog shows of its mutation (a `useMutation` result): pending while it runs, then the server's refusal. */
export interface MutationState {
  isPending: boolean;
  error: TrpcError | null;
}

export type Me = NonNullable<RouterOutputs["session"]["me"]>;
export type Role = Me["role"];
export type Environment = Me["environment"];
