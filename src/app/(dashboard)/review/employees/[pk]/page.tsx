import { EmployeeReviewPage } from "@/dashboard/review/employee-review-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("reviewEmployee");

export default async function Page({ params }: { params: Promise<{ pk: string }> }) {
  const { pk } = await params;
  return <EmployeeReviewPage pk={pk} />;
}
