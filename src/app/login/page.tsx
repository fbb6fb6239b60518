import { authPage } from "@/dashboard/login/auth-page";
import { LoginForm } from "@/dashboard/login/login-form";

export const metadata = { title: "Sign in" };

export default authPage(LoginForm);
