import { Suspense, type ComponentType } from "react";

/**
 * The page of an account form (sign in, forgot or reset password, invitation), for `app/**\/page.tsx` to
 * export as its default. Not a client module, so that the server page can call it. Every form sits under a
 * Suspense boundary, which Next requires of those that read the query string (`?next=`, `?token=`).
 */
export function authPage(Form: ComponentType) {
  return function AuthPage() {
    return (
      <main className="login-page">
        <Suspense>
          <Form />
        </Suspense>
      </main>
    );
  };
}
