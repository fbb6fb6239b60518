import { Suspense } from "react";
import { LoginForm } from "@/dashboard/login/login-form";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("signIn");

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
