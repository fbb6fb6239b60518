import { InvitationForm } from "@/dashboard/login/invitation-form";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("invitation");

export default function Page() {
  return (
    <main className="login-page">
      <InvitationForm />
    </main>
  );
}
