import { authPage } from "@/dashboard/login/auth-page";
import { ForgotPasswordForm } from "@/dashboard/login/forgot-password-form";

export const metadata = { title: "Forgot password" };

export default authPage(ForgotPasswordForm);
