import { Suspense } from "react";
import { ResetPasswordForm } from "@/dashboard/login/reset-password-form";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("resetPassword");

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
