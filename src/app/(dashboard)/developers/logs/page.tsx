import { RequestLogPage } from "@/dashboard/developers/request-log-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("requestLog");

export default function Page() {
  return <RequestLogPage />;
}
