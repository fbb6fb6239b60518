import { MessagesPage } from "@/dashboard/messages/messages-page";

export const metadata = { title: "Messages" };

export default function Page() {
  return <MessagesPage />;
}
