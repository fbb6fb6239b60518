import { RegistrationQueuePage } from "@/dashboard/review/registration-queue-page";

export const metadata = { title: "Registration review" };

export default function Page() {
  return <RegistrationQueuePage />;
}
