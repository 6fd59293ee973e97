/**
 * How many foods one search answers. Apart from food-search.ts, which loads the whole catalogue, so the contracts
 * (and through them the web app) can name the limits without bundling the food data.
 */
export const FOOD_SEARCH_DEFAULT_LIMIT = 20;
export const FOOD_SEARCH_MAX_LIMIT = 50;
