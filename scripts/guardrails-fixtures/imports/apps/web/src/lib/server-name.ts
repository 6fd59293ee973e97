// Breaks web-uses-contracts-and-engine-only: the browser app importing the server.
import { gammaName } from "../../../server/src/modules/gamma/gamma.service";

export const serverName = `Server ${gammaName}`;
