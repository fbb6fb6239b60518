import { Environment } from "@/generated/prisma/enums";

export const ENVIRONMENTS = [Environment.live, Environment.demo] as const;
export type { Environment };

export function isEnvironment(value: unknown): value is Environment {
  return value === Environment.live || value === Environment.demo;
}
