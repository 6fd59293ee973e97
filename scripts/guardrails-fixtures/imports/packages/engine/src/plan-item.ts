import type { Plan } from "./plan";

export interface PlanItem {
  plan: Plan;
}
