import { VerificationQueuePage } from "@/dashboard/review/verification-queue-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("reviewEmployees");

export default function Page() {
  return <VerificationQueuePage />;
}
