import type { Allergen, DietType, Food, FoodFlag, MealSlot } from "./food.types";
import { TEST_FOODS } from "./test-foods.fixture";

/**
 * The small planner food list with recipes, plus dishes whose names hide what they hold (bun cha is pork, tapenade has
 * anchovy, coq au vin has wine and bacon): a food list on which exclusions must work from ingredients and flags, not
 * names. Each food's allergens and flags are the union of its ingredients', and its diet follows from them, as the
 * catalogue derives them.
 */
interface IngredientFacts {
  allergens?: Allergen[];
  flags?: FoodFlag[];
}

const INGREDIENTS: Record<string, IngredientFacts> = {
  oats: {},
  water: {},
  egg: { allergens: ["egg"] },
  "egg white": { allergens: ["egg"] },
  "greek yogurt": { allergens: ["milk"] },
  banana: {},
  apple: {},
  blueberry: {},
  "whole-wheat bread": { allergens: ["wheat/gluten"] },
  peanut: { allergens: ["peanut"] },
  almond: { allergens: ["tree nuts"] },
  "pumpkin seed": {},
  "chia seed": {},
  "oat milk": {},
  tofu: { allergens: ["soy"] },
  "soy milk": { allergens: ["soy"] },
  "cottage cheese": { allergens: ["milk"] },
  chickpea: {},
  tahini: { allergens: ["sesame"] },
  carrot: {},
  "chicken breast": { flags: ["poultry"] },
  "chicken thigh": { flags: ["poultry"] },
  salmon: { allergens: ["fish"], flags: ["fish"] },
  shrimp: { allergens: ["shellfish"], flags: ["shellfish"] },
  garlic: {},
  "olive oil": {},
  "beef chuck": { flags: ["beef"] },
  "beef sirloin": { flags: ["beef"] },
  potato: {},
  "red wine": { flags: ["alcohol"] },
  "brown rice": {},
  quinoa: {},
  broccoli: {},
  lettuce: {},
  "red lentil": {},
  "coconut milk": {},
  onion: {},
  tomato: {},
  paneer: { allergens: ["milk"] },
  yogurt: { allergens: ["milk"] },
  "bell pepper": {},
  "soy sauce": { allergens: ["soy", "wheat/gluten"] },
  spaghetti: { allergens: ["wheat/gluten"] },
  "black bean": {},
  "arborio rice": {},
  mushroom: {},
  parmesan: { allergens: ["milk"], flags: ["animal-rennet"] },
  cod: { allergens: ["fish"], flags: ["fish"] },
  "sweet potato": {},
  "sunflower seed": {},
  seitan: { allergens: ["wheat/gluten"] },
  orange: {},
  "1 % milk": { allergens: ["milk"] },
  "pork shoulder": { flags: ["pork"] },
  "rice noodle": {},
  "fish sauce": { allergens: ["fish"], flags: ["fish"] },
  sugar: {},
  "sesame oil": { allergens: ["sesame"] },
  olive: {},
  anchovy: { allergens: ["fish"], flags: ["fish"] },
  caper: {},
  bacon: { flags: ["pork"] },
  cream: { allergens: ["milk"] },
  gelatin: { flags: ["gelatin"] },
  honey: { flags: ["honey"] },
  "pork sausage": { flags: ["pork"] },
  "black pudding": { flags: ["pork", "blood"] },
  "baked bean": {},
  venison: { flags: ["game"] },
  "lamb mince": { flags: ["lamb"] },
  "burger bun": { allergens: ["wheat/gluten", "sesame"] },
  cheddar: { allergens: ["milk"], flags: ["animal-rennet"] },
  "rice cracker": {},
  "turkey breast": { flags: ["poultry"] },
  avocado: {},
  edamame: { allergens: ["soy"] },
  falafel: {},
  "flatbread wrap": { allergens: ["wheat/gluten"] },
  "white rice": {},
  pasta: { allergens: ["wheat/gluten"] },
  couscous: { allergens: ["wheat/gluten"] },
  "green bean": {},
  spinach: {},
  "green pea": {},
  roti: { allergens: ["wheat/gluten"] },
  mango: {},
  pear: {},
  "rye bread": { allergens: ["wheat/gluten"] },
};

/** Recipes of the planner's test foods, by id (grams for 100 g of the food). */
const RECIPES: Record<string, [name: string, grams: number][]> = {
  "turkey-sandwich": [
    ["turkey breast", 40],
    ["whole-wheat bread", 50],
    ["lettuce", 10],
  ],
  avocado: [["avocado", 100]],
  edamame: [["edamame", 100]],
  "falafel-wrap": [
    ["falafel", 45],
    ["tahini", 10],
    ["flatbread wrap", 45],
  ],
  "oats-cooked": [
    ["oats", 15],
    ["water", 85],
  ],
  "egg-boiled": [["egg", 100]],
  "egg-white-scrambled": [["egg white", 100]],
  "greek-yogurt-nonfat": [["greek yogurt", 100]],
  banana: [["banana", 100]],
  apple: [["apple", 100]],
  blueberries: [["blueberry", 100]],
  "wholewheat-toast": [["whole-wheat bread", 100]],
  "white-rice": [["white rice", 100]],
  pasta: [["pasta", 100]],
  "potato-boiled": [["potato", 100]],
  couscous: [["couscous", 100]],
  "green-beans": [["green bean", 100]],
  carrots: [["carrot", 100]],
  spinach: [["spinach", 100]],
  "green-peas": [["green pea", 100]],
  roti: [["roti", 100]],
  mango: [["mango", 100]],
  pear: [["pear", 100]],
  "rye-toast": [["rye bread", 100]],
  "peanut-butter": [["peanut", 100]],
  almonds: [["almond", 100]],
  "pumpkin-seeds": [["pumpkin seed", 100]],
  "chia-pudding": [
    ["chia seed", 20],
    ["oat milk", 80],
  ],
  "tofu-scramble": [
    ["tofu", 90],
    ["onion", 10],
  ],
  "soy-milk": [["soy milk", 100]],
  "cottage-cheese": [["cottage cheese", 100]],
  "hummus-carrots": [
    ["chickpea", 40],
    ["tahini", 10],
    ["carrot", 50],
  ],
  "chicken-breast": [["chicken breast", 100]],
  "salmon-baked": [["salmon", 100]],
  "shrimp-garlic": [
    ["shrimp", 85],
    ["garlic", 5],
    ["olive oil", 10],
  ],
  "beef-stew": [
    ["beef chuck", 45],
    ["potato", 25],
    ["carrot", 15],
    ["red wine", 15],
  ],
  "brown-rice": [["brown rice", 100]],
  quinoa: [["quinoa", 100]],
  broccoli: [["broccoli", 100]],
  "mixed-salad": [
    ["lettuce", 90],
    ["olive oil", 10],
  ],
  "lentil-curry": [
    ["red lentil", 60],
    ["coconut milk", 20],
    ["onion", 20],
  ],
  "chana-masala": [
    ["chickpea", 60],
    ["tomato", 25],
    ["onion", 15],
  ],
  "paneer-tikka": [
    ["paneer", 70],
    ["yogurt", 15],
    ["bell pepper", 15],
  ],
  "chicken-tikka": [
    ["chicken thigh", 80],
    ["yogurt", 20],
  ],
  "tofu-stir-fry": [
    ["tofu", 50],
    ["broccoli", 30],
    ["soy sauce", 5],
    ["bell pepper", 15],
  ],
  "spaghetti-pomodoro": [
    ["spaghetti", 60],
    ["tomato", 35],
    ["olive oil", 5],
  ],
  "black-bean-chili": [
    ["black bean", 60],
    ["tomato", 30],
    ["onion", 10],
  ],
  "mushroom-risotto": [
    ["arborio rice", 60],
    ["mushroom", 30],
    ["parmesan", 10],
  ],
  "cod-baked": [["cod", 100]],
  "sweet-potato": [["sweet potato", 100]],
  "sunflower-seeds": [["sunflower seed", 100]],
  "seitan-roast": [["seitan", 100]],
  orange: [["orange", 100]],
  "milk-lowfat": [["1 % milk", 100]],
};

type Extra = [
  id: string,
  name: string,
  slots: MealSlot[],
  kcal: number,
  proteinG: number,
  carbsG: number,
  fatG: number,
  portion: [min: number, max: number, step: number],
  recipe: [name: string, grams: number][],
];

/** Figures are rounded USDA-style values for the usual recipe; they only need to be plausible for the planner. */
const EXTRAS: Extra[] = [
  [
    "bun-cha",
    "Bun cha",
    ["Lunch", "Dinner"],
    180,
    11,
    18,
    7,
    [200, 400, 50],
    [
      ["pork shoulder", 35],
      ["rice noodle", 45],
      ["fish sauce", 5],
      ["lettuce", 15],
    ],
  ],
  [
    "bulgogi",
    "Bulgogi",
    ["Lunch", "Dinner"],
    190,
    18,
    8,
    10,
    [150, 300, 50],
    [
      ["beef sirloin", 80],
      ["soy sauce", 8],
      ["sesame oil", 4],
      ["sugar", 3],
      ["garlic", 5],
    ],
  ],
  [
    "tapenade-crackers",
    "Olive tapenade with crackers",
    ["Snacks"],
    260,
    4,
    30,
    14,
    [40, 100, 20],
    [
      ["olive", 45],
      ["anchovy", 5],
      ["caper", 5],
      ["rice cracker", 45],
    ],
  ],
  [
    "coq-au-vin",
    "Coq au vin",
    ["Lunch", "Dinner"],
    160,
    16,
    3,
    9,
    [200, 400, 50],
    [
      ["chicken thigh", 60],
      ["red wine", 20],
      ["bacon", 8],
      ["mushroom", 12],
    ],
  ],
  [
    "panna-cotta",
    "Panna cotta",
    ["Snacks"],
    230,
    3,
    20,
    15,
    [80, 160, 40],
    [
      ["cream", 80],
      ["sugar", 18],
      ["gelatin", 2],
    ],
  ],
  [
    "yogurt-honey",
    "Yogurt bowl, drizzled",
    ["Breakfast", "Snacks"],
    110,
    8,
    14,
    2,
    [150, 300, 50],
    [
      ["greek yogurt", 88],
      ["honey", 12],
    ],
  ],
  [
    "full-english",
    "Full English breakfast",
    ["Breakfast"],
    200,
    11,
    12,
    12,
    [200, 400, 50],
    [
      ["pork sausage", 20],
      ["bacon", 15],
      ["egg", 20],
      ["black pudding", 10],
      ["baked bean", 20],
      ["whole-wheat bread", 15],
    ],
  ],
  [
    "venison-stew",
    "Venison stew",
    ["Lunch", "Dinner"],
    120,
    17,
    5,
    3,
    [200, 400, 50],
    [
      ["venison", 60],
      ["potato", 25],
      ["carrot", 15],
    ],
  ],
  [
    "lamb-kofta",
    "Kofta kebab",
    ["Lunch", "Dinner"],
    220,
    17,
    4,
    15,
    [100, 250, 50],
    [
      ["lamb mince", 85],
      ["onion", 15],
    ],
  ],
  [
    "pad-thai",
    "Pad thai",
    ["Lunch", "Dinner"],
    175,
    9,
    22,
    6,
    [200, 400, 50],
    [
      ["rice noodle", 50],
      ["shrimp", 20],
      ["egg", 10],
      ["peanut", 8],
      ["fish sauce", 4],
      ["sugar", 8],
    ],
  ],
  [
    "cheeseburger",
    "Diner burger",
    ["Lunch", "Dinner"],
    250,
    14,
    20,
    12,
    [150, 300, 50],
    [
      ["beef chuck", 45],
      ["cheddar", 15],
      ["burger bun", 40],
    ],
  ],
];

const FLAG_DIET: Record<FoodFlag, DietType> = {
  pork: "standard",
  beef: "standard",
  lamb: "standard",
  poultry: "standard",
  game: "standard",
  fish: "standard",
  shellfish: "standard",
  alcohol: "vegan",
  gelatin: "standard",
  "animal-rennet": "standard",
  honey: "vegetarian",
  blood: "standard",
  "fish-without-scales": "standard",
};
const DIET_RANK: Record<DietType, number> = { vegan: 0, vegetarian: 1, standard: 2 };

function withRecipe(food: Food, recipe: readonly [name: string, grams: number][]): Food {
  const facts = recipe.map(([name]) => {
    const known = INGREDIENTS[name];
    if (known === undefined) throw new Error(`exclusion-foods fixture: no facts for ingredient ${name}`);
    return known;
  });
  const allergens = [...new Set([...food.allergens, ...facts.flatMap((fact) => fact.allergens ?? [])])];
  const flags = [...new Set(facts.flatMap((fact) => fact.flags ?? []))];
  const diets: DietType[] = [
    "vegan",
    ...flags.map((flag) => FLAG_DIET[flag]),
    ...(allergens.some((allergen) => allergen === "milk" || allergen === "egg")
      ? (["vegetarian"] as const)
      : []),
    ...(allergens.some((allergen) => allergen === "fish" || allergen === "shellfish")
      ? (["standard"] as const)
      : []),
  ];
  const diet = diets.reduce((strictest, next) => (DIET_RANK[next] > DIET_RANK[strictest] ? next : strictest));
  return {
    ...food,
    diet,
    allergens,
    flags,
    ingredients: recipe.map(([name, grams]) => ({ name, grams })),
  };
}

export const EXCLUSION_TEST_FOODS: readonly Food[] = [
  ...TEST_FOODS.map((food) => {
    const recipe = RECIPES[food.id];
    if (recipe === undefined) throw new Error(`exclusion-foods fixture: no recipe for ${food.id}`);
    return withRecipe(food, recipe);
  }),
  ...EXTRAS.map(
    ([
      id,
      name,
      slots,
      energyKcal,
      proteinG,
      carbsG,
      fatG,
      [portionMinG, portionMaxG, portionStepG],
      recipe,
    ]) =>
      withRecipe(
        {
          id,
          name,
          slots,
          cuisines: [],
          diet: "vegan",
          allergens: [],
          energyKcal,
          proteinG,
          carbsG,
          fatG,
          fibreG: 0,
          satFatG: 0,
          sodiumMg: 0,
          portionMinG,
          portionMaxG,
          portionStepG,
          image: "dish",
          ingredients: [],
          flags: [],
          wholeEggG: 0,
        },
        recipe,
      ),
  ),
];
