import { AuthPage } from "@/dashboard/login/auth-form";
import { ForgotPasswordForm } from "@/dashboard/login/forgot-password-form";

export const metadata = { title: "Forgot password" };

export default function Page() {
  return (
    <AuthPage>
      <ForgotPasswordForm />
    </AuthPage>
  );
}
