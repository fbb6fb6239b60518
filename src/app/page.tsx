import { redirect } from "next/navigation";
import { HOME_PATH } from "@/dashboard/safe-next";

export default function Home() {
  redirect(HOME_PATH);
}
