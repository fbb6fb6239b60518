import type { Metadata } from "next";
import { NotFoundPage } from "@/dashboard/not-found/not-found-page";
import { titled } from "./page-title";

export const generateMetadata: () => Promise<Metadata> = titled("notFound");

export default function NotFound() {
  return <NotFoundPage />;
}
