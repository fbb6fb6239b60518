import { RegistrationReviewPage } from "@/dashboard/review/registration-review-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("reviewRegistration");

export default async function Page({ params }: { params: Promise<{ pk: string }> }) {
  const { pk } = await params;
  return <RegistrationReviewPage pk={decodeURIComponent(pk)} />;
}
