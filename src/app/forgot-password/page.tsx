import { ForgotPasswordForm } from "@/dashboard/login/forgot-password-form";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("forgotPassword");

export default function Page() {
  return (
    <main className="login-page">
      <ForgotPasswordForm />
    </main>
  );
}
