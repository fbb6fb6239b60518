import { PayrunsPage } from "@/dashboard/payruns/payruns-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("payruns");

export default function Page() {
  return <PayrunsPage />;
}
