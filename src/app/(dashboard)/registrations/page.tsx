import { RegistrationsPage } from "@/dashboard/registrations/registrations-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("registrations");

export default function Page() {
  return <RegistrationsPage />;
}
