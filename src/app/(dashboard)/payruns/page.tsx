import { PayrunsPage } from "@/dashboard/payruns/payruns-page";

export const metadata = { title: "Payruns" };

export default function Page() {
  return <PayrunsPage />;
}
