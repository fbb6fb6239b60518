import { ForgotPasswordForm } from "@/dashboard/login/forgot-password-form";

export const metadata = { title: "Forgot password" };

export default function Page() {
  return (
    <main className="login-page">
      <ForgotPasswordForm />
    </main>
  );
}
