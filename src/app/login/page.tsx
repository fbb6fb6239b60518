import { Suspense } from "react";
import { LoginForm } from "@/dashboard/login/login-form";

export const metadata = { title: "Sign in" };

export default function LoginPage() {
  return (
    <main className="login-page">
      {/* LoginForm reads ?next=, which Next requires to sit under a Suspense boundary. */}
      <Suspense>
        <LoginForm />
      </Suspense>
    </main>
  );
}
