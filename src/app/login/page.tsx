import { authPage } from "@/dashboard/login/auth-page";
import { LoginForm } from "@/dashboard/login/login-form";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("signIn");

export default authPage(LoginForm);
