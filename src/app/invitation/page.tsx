import { AuthPage } from "@/dashboard/login/auth-form";
import { InvitationForm } from "@/dashboard/login/invitation-form";

export const metadata = { title: "Join your team" };

export default function Page() {
  return (
    <AuthPage>
      <InvitationForm />
    </AuthPage>
  );
}
