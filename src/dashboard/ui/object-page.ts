"use client";

import { useRouter } from "next/navigation";
import { useScopedPath } from "../shell/use-scoped-path";

/**
 * What an object's page does after its edit and delete dialogs: a saved new id is a new URL (replacing
 * the old one in the history), and a deleted object's page goes back to the list.
 */
export function useObjectPageRoutes(id: string, pathOf: (id: string) => string, listHref: string) {
  const router = useRouter();
  const scoped = useScopedPath();
  return {
    onSaved: (saved: { id: string }) => {
      if (saved.id !== id) router.replace(scoped(pathOf(saved.id)));
    },
    onDeleted: () => router.push(listHref),
  };
}
