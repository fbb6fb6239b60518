import type { RouterOutputs } from "../trpc";

export type HomeSummary = RouterOutputs["home"]["summary"];
export type OperatorQueues = RouterOutputs["home"]["queues"];
export type WeekCount = HomeSummary["payoutsPerWeek"][number];
