// Breaks features-stay-apart: a relative import into another feature.
import { betaTitle } from "../../beta/api/beta-title";

export const alphaCard = `Alpha and ${betaTitle}`;
