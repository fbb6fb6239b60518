import { AuthPage } from "@/dashboard/login/auth-form";
import { LoginForm } from "@/dashboard/login/login-form";

export const metadata = { title: "Sign in" };

export default function LoginPage() {
  // LoginForm reads ?next=, which Next requires to sit under a Suspense boundary.
  return (
    <AuthPage suspense>
      <LoginForm />
    </AuthPage>
  );
}
