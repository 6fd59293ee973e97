export const gammaName = "gamma";
