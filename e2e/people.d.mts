import type users from "./users.json";

export type People = typeof users;
export const E2E_WORKERS: number;
export function peopleOf(index: number): People;
export function keyFileOf(name: "api-key" | "api-key-live", index: number): string;
export const PARALLEL_INDEX: number;
