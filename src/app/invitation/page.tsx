import { authPage } from "@/dashboard/login/auth-page";
import { InvitationForm } from "@/dashboard/login/invitation-form";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("invitation");

export default authPage(InvitationForm);
