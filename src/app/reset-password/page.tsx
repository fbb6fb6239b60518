import { authPage } from "@/dashboard/login/auth-page";
import { ResetPasswordForm } from "@/dashboard/login/reset-password-form";

export const metadata = { title: "Choose a new password" };

export default authPage(ResetPasswordForm);
