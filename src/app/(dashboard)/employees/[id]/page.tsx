import { EmployeeDetailPage } from "@/dashboard/employees/employee-detail-page";

export const metadata = { title: "Employee" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <EmployeeDetailPage employeeId={decodeURIComponent(id)} />;
}
