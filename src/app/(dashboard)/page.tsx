import { HomePage } from "@/dashboard/home/home-page";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("home");

export default function Page() {
  return <HomePage />;
}
