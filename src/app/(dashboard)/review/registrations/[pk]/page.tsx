import { RegistrationReviewPage } from "@/dashboard/review/registration-review-page";

export const metadata = { title: "Review a Registration" };

export default async function Page({ params }: { params: Promise<{ pk: string }> }) {
  const { pk } = await params;
  return <RegistrationReviewPage pk={decodeURIComponent(pk)} />;
}
