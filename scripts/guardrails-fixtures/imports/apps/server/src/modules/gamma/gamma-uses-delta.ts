// The other half of the gamma ⇄ delta folder cycle (delta/delta.service.ts).
import { deltaName } from "../delta/delta.service";

export const gammaAndDelta = `Gamma with ${deltaName}`;
