// Breaks shared-web-code-above-features: shared code importing a feature.
import { betaTitle } from "../features/beta/api/beta-title";

export const sharedTitle = `Shared ${betaTitle}`;
