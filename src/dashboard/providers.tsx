"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink, TRPCClientError } from "@trpc/client";
import { useState, type ReactNode } from "react";
import { trpc } from "./trpc";

/** A refusal (401, 403) is an answer: asking again cannot change it. Other failures are retried once. */
function retryUnlessRefused(failures: number, error: Error): boolean {
  const data: unknown = error instanceof TRPCClientError ? error.data : undefined;
  const code = typeof data === "object" && data !== null && "code" in data ? data.code : undefined;
  return failures < 1 && code !== "UNAUTHORIZED" && code !== "FORBIDDEN";
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: retryUnlessRefused, staleTime: 5_000, refetchOnWindowFocus: false } } }),
  );
  const [trpcClient] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: "/api/trpc" })] }));
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
