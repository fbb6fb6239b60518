import { EventsPage } from "@/dashboard/events/events-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("events");

export default function Page() {
  return <EventsPage />;
}
