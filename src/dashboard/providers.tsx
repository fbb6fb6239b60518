"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink, TRPCClientError } from "@trpc/client";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useState, type ReactNode } from "react";
import type { Messages } from "@/i18n/catalogue/catalogue";
import type { Locale } from "@/i18n/catalogue/locales";
import { TRPC_MAX_BATCH_SIZE } from "@/trpc/batch-limit";
import { IntlProvider } from "./i18n/intl-provider";
import { signInAgain } from "./sign-in-again";
import { trpc } from "./trpc";

/** A refusal (401, 403) is an answer: asking again cannot change it. Other failures are retried once. */
function retryUnlessRefused(failures: number, error: Error): boolean {
  const data: unknown = error instanceof TRPCClientError ? error.data : undefined;
  const code = typeof data === "object" && data !== null && "code" in data ? data.code : undefined;
  return failures < 1 && code !== "UNAUTHORIZED" && code !== "FORBIDDEN";
}

/**
 * A dashboard session that ended (expired, signed out in another tab, cookies cleared) answers 401 to
 * any query or mutation: go to sign-in and come back here, rather than show the refusal on the page.
 */
function signInAgainOn401(error: Error): void {
  const data: unknown = error instanceof TRPCClientError ? error.data : undefined;
  const status = typeof data === "object" && data !== null && "httpStatus" in data ? data.httpStatus : undefined;
  if (status === 401) signInAgain();
}

export function Providers({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: signInAgainOn401 }),
        mutationCache: new MutationCache({ onError: signInAgainOn401 }),
        defaultOptions: { queries: { retry: retryUnlessRefused, staleTime: 5_000, refetchOnWindowFocus: false } },
      }),
  );
  const [trpcClient] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: "/api/trpc", maxItems: TRPC_MAX_BATCH_SIZE })] }));
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <NuqsAdapter>
          <IntlProvider locale={locale} messages={messages}>
            {children}
          </IntlProvider>
        </NuqsAdapter>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
