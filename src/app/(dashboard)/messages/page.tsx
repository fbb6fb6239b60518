import { MessagesPage } from "@/dashboard/messages/messages-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("messages");

export default function Page() {
  return <MessagesPage />;
}
