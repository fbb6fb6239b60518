import { VerificationQueuePage } from "@/dashboard/review/verification-queue-page";

export const metadata = { title: "Employee verification" };

export default function Page() {
  return <VerificationQueuePage />;
}
