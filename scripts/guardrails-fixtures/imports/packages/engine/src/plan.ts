// Breaks no-cycles with a type-only import (plan.ts ⇄ plan-item.ts).
import type { PlanItem } from "./plan-item";

export interface Plan {
  items: PlanItem[];
}
