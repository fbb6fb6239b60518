import { Suspense } from "react";
import { ResetPasswordForm } from "@/dashboard/login/reset-password-form";

export const metadata = { title: "Choose a new password" };

export default function Page() {
  return (
    <main className="login-page">
      {/* The form reads ?token=, which Next requires to sit under a Suspense boundary. */}
      <Suspense>
        <ResetPasswordForm />
      </Suspense>
    </main>
  );
}
