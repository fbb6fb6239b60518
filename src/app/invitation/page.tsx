import { authPage } from "@/dashboard/login/auth-page";
import { InvitationForm } from "@/dashboard/login/invitation-form";

export const metadata = { title: "Join your team" };

export default authPage(InvitationForm);
