import { TeamPage } from "@/dashboard/settings/team-page";

export const metadata = { title: "Team" };

export default function Page() {
  return <TeamPage />;
}
