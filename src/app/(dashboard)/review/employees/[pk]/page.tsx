import { EmployeeReviewPage } from "@/dashboard/review/employee-review-page";

export const metadata = { title: "Employee under review" };

export default async function Page({ params }: { params: Promise<{ pk: string }> }) {
  const { pk } = await params;
  return <EmployeeReviewPage pk={pk} />;
}
