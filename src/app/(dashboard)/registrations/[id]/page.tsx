import { RegistrationDetailPage } from "@/dashboard/registrations/registration-detail-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("registration");

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Next hands the segment over still percent-encoded.
  return <RegistrationDetailPage registrationId={decodeURIComponent(id)} />;
}
