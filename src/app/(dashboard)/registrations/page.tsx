import { RegistrationsPage } from "@/dashboard/registrations/registrations-page";

export const metadata = { title: "Registrations" };

export default function Page() {
  return <RegistrationsPage />;
}
