import { authPage } from "@/dashboard/login/auth-page";
import { ForgotPasswordForm } from "@/dashboard/login/forgot-password-form";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("forgotPassword");

export default authPage(ForgotPasswordForm);
