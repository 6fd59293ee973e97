// Breaks server-uses-contracts-engine-db-only: the server importing the web app.
import { betaTitle } from "../../../../web/src/features/beta/api/beta-title";

export const webTitle = `Web ${betaTitle}`;
