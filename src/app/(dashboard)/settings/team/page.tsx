import { TeamPage } from "@/dashboard/settings/team-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("team");

export default function Page() {
  return <TeamPage />;
}
