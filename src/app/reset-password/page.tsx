import { authPage } from "@/dashboard/login/auth-page";
import { ResetPasswordForm } from "@/dashboard/login/reset-password-form";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("resetPassword");

export default authPage(ResetPasswordForm);
