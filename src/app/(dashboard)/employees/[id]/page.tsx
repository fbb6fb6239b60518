import { EmployeeDetailPage } from "@/dashboard/employees/employee-detail-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("employee");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <EmployeeDetailPage employeeId={decodeURIComponent(id)} />;
}
