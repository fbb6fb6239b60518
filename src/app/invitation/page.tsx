import { InvitationForm } from "@/dashboard/login/invitation-form";

export const metadata = { title: "Join your team" };

export default function Page() {
  return (
    <main className="login-page">
      <InvitationForm />
    </main>
  );
}
