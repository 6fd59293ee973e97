export const betaTitle = "Beta";
