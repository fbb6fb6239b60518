import { RegistrationQueuePage } from "@/dashboard/review/registration-queue-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("reviewRegistrations");

export default function Page() {
  return <RegistrationQueuePage />;
}
