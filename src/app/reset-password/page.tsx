import { AuthPage } from "@/dashboard/login/auth-form";
import { ResetPasswordForm } from "@/dashboard/login/reset-password-form";

export const metadata = { title: "Choose a new password" };

export default function Page() {
  // The form reads ?token=, which Next requires to sit under a Suspense boundary.
  return (
    <AuthPage suspense>
      <ResetPasswordForm />
    </AuthPage>
  );
}
