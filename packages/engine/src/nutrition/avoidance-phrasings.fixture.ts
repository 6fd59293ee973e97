import type { Allergen, FoodFlag } from "./food.types";

/** What a phrasing must exclude, written out by hand (not computed by the reader), and the words it cannot place. */
export interface ExpectedRules {
  allergens?: readonly Allergen[];
  flags?: readonly FoodFlag[];
  ingredients?: readonly string[];
  kosher?: boolean;
  unrecognised?: readonly string[];
}

const MEAT: FoodFlag[] = ["pork", "beef", "lamb", "poultry", "game"];
const VEGETARIAN: ExpectedRules = {
  allergens: ["fish", "shellfish"],
  flags: [...MEAT, "fish", "shellfish", "gelatin", "animal-rennet", "blood"],
};
const VEGAN: ExpectedRules = {
  allergens: ["milk", "egg", "fish", "shellfish"],
  flags: [...(VEGETARIAN.flags ?? []), "honey"],
};
const PESCATARIAN: ExpectedRules = { flags: [...MEAT, "gelatin", "blood"] };
const HALAL: ExpectedRules = { flags: ["pork", "alcohol", "gelatin", "animal-rennet", "blood"] };
const KOSHER: ExpectedRules = { flags: ["pork", "shellfish", "blood", "fish-without-scales"], kosher: true };
const MUSHROOM = ["mushroom", "shiitake", "portobello", "champignon", "porcini", "chanterelle", "enoki"];
/** Peanut allergy excludes lupin too (avoidance-lexicon.ts, docs/decisions/063). */
const PEANUT: Allergen[] = ["peanut", "lupin"];
const NUTS: Allergen[] = ["tree nuts", ...PEANUT];
const SHELLFISH: ExpectedRules = { allergens: ["shellfish"], flags: ["shellfish"] };
const FISH: ExpectedRules = { allergens: ["fish"], flags: ["fish"] };
const merge = (...parts: ExpectedRules[]): ExpectedRules => ({
  allergens: parts.flatMap((part) => part.allergens ?? []),
  flags: parts.flatMap((part) => part.flags ?? []),
  ingredients: parts.flatMap((part) => part.ingredients ?? []),
  kosher: parts.some((part) => part.kosher === true),
  unrecognised: parts.flatMap((part) => part.unrecognised ?? []),
});

/**
 * Allergy and dislike fields as people type them (sign-up forms, support mail, the examples), each with what it
 * must exclude. The reader's test checks every row; the planner's property test and the benchmark draw profiles from
 * them and audit what was served against the expected rules.
 */
export const AVOIDANCE_PHRASINGS: readonly (readonly [text: string, expected: ExpectedRules])[] = [
  ["", {}],
  ["none", {}],
  ["None.", {}],
  ["n/a", {}],
  ["no allergies", {}],
  ["nothing, I eat everything", {}],
  ["no pork", { flags: ["pork"] }],
  ["No pork please", { flags: ["pork"] }],
  ["pork free", { flags: ["pork"] }],
  ["I don't eat pork", { flags: ["pork"] }],
  ["I don't eat beef", { flags: ["beef"] }],
  ["i dont eat beef or pork", { flags: ["pork", "beef"] }],
  ["no beef", { flags: ["beef"] }],
  ["no red meat", { flags: ["pork", "beef", "lamb", "game"] }],
  ["No red meats.", { flags: ["pork", "beef", "lamb", "game"] }],
  ["no meat", { flags: [...MEAT, "blood"] }],
  ["I don't eat meat", { flags: [...MEAT, "blood"] }],
  ["no lamb or mutton", { flags: ["lamb"] }],
  ["no poultry", { flags: ["poultry"] }],
  [
    "no meat except chicken",
    { flags: ["pork", "beef", "lamb", "game", "blood"], ingredients: ["turkey", "duck", "goose", "quail"] },
  ],
  ["I eat everything except pork", { flags: ["pork"] }],
  ["pescatarian", PESCATARIAN],
  ["Pescetarian", PESCATARIAN],
  ["I'm pescatarian", PESCATARIAN],
  ["vegetarian", VEGETARIAN],
  [
    "Vegetarian but I eat fish",
    { allergens: ["shellfish"], flags: [...MEAT, "shellfish", "gelatin", "animal-rennet", "blood"] },
  ],
  [
    "vegetarian, fish is ok",
    { allergens: ["shellfish"], flags: [...MEAT, "shellfish", "gelatin", "animal-rennet", "blood"] },
  ],
  ["vegetarian but seafood is fine", { flags: [...MEAT, "gelatin", "animal-rennet", "blood"] }],
  ["vegan", VEGAN],
  ["Vegan!", VEGAN],
  ["plant-based", VEGAN],
  ["vegan but honey is fine", { ...VEGAN, flags: (VEGAN.flags ?? []).filter((flag) => flag !== "honey") }],
  ["halal", HALAL],
  ["Halal only", HALAL],
  ["I'm Muslim", HALAL],
  ["halal, no shellfish", merge(HALAL, SHELLFISH)],
  ["kosher", KOSHER],
  ["Kosher please", KOSHER],
  ["strictly kosher", KOSHER],
  ["I keep kosher and I'm allergic to sesame", merge(KOSHER, { allergens: ["sesame"] })],
  ["lactose intolerant", { allergens: ["milk"] }],
  ["Lactose intolerance", { allergens: ["milk"] }],
  ["lactose-free", { allergens: ["milk"] }],
  ["no dairy please", { allergens: ["milk"] }],
  ["dairy free", { allergens: ["milk"] }],
  ["milk", { allergens: ["milk"] }],
  ["coeliac", { allergens: ["wheat/gluten"] }],
  ["celiac", { allergens: ["wheat/gluten"] }],
  ["Celiac disease", { allergens: ["wheat/gluten"] }],
  ["gluten free", { allergens: ["wheat/gluten"] }],
  ["gluten-free diet", { allergens: ["wheat/gluten"] }],
  ["wheat allergy", { allergens: ["wheat/gluten"] }],
  ["glutten", { allergens: ["wheat/gluten"] }],
  ["tree nuts but peanuts are fine", { allergens: ["tree nuts"] }],
  ["allergic to tree nuts, peanuts ok", { allergens: ["tree nuts"] }],
  ["nuts", { allergens: NUTS }],
  ["Nuts!!", { allergens: NUTS }],
  ["nut allergy", { allergens: NUTS }],
  ["peanuts", { allergens: PEANUT }],
  ["peanut", { allergens: PEANUT }],
  ["Peanuts and EGGS", { allergens: ["egg", ...PEANUT] }],
  ["penuts", { allergens: PEANUT }],
  ["penuts, shelfish", merge({ allergens: PEANUT }, SHELLFISH)],
  ["almonds", { allergens: ["tree nuts"] }],
  ["allergic to cashews", { allergens: ["tree nuts"] }],
  ["allergic to shrimp", SHELLFISH],
  ["shrimp", SHELLFISH],
  ["Shrimps", SHELLFISH],
  ["prawns", SHELLFISH],
  ["shellfish", SHELLFISH],
  ["shelfish", SHELLFISH],
  ["shell fish allergy", SHELLFISH],
  ["crustaceans", SHELLFISH],
  ["seafood", merge(FISH, SHELLFISH)],
  ["fish allergy", FISH],
  ["allergic to fish", FISH],
  ["salmon", FISH],
  ["I don't like salmon", { ingredients: ["salmon"] }],
  ["I hate shrimp", { ingredients: ["shrimp", "prawn"] }],
  ["eggs", { allergens: ["egg"] }],
  ["egg", { allergens: ["egg"] }],
  ["no eggs please", { allergens: ["egg"] }],
  ["soy", { allergens: ["soy"] }],
  ["soya", { allergens: ["soy"] }],
  ["soy allergy", { allergens: ["soy"] }],
  ["sesame", { allergens: ["sesame"] }],
  ["sesmae", { allergens: ["sesame"] }],
  ["sesame seeds", { allergens: ["sesame"] }],
  ["peanuts and sesame", { allergens: [...PEANUT, "sesame"] }],
  ["nuts, no dairy", { allergens: [...NUTS, "milk"] }],
  ["I'm allergic to tree nuts; also SOY", { allergens: ["tree nuts", "soy"] }],
  ["Shellfish & sesame", merge(SHELLFISH, { allergens: ["sesame"] })],
  ["I hate mushrooms", { ingredients: MUSHROOM }],
  ["no mushrooms", { ingredients: MUSHROOM }],
  ["mushroom", { ingredients: MUSHROOM }],
  ["I hate mushrooms and olives", { ingredients: [...MUSHROOM, "olive"] }],
  ["don't like coriander", { ingredients: ["cilantro", "coriander"] }],
  ["no cilantro", { ingredients: ["cilantro", "coriander"] }],
  ["I hate sweet potatoes", { ingredients: ["sweet potato"] }],
  ["brussels sprouts", { ingredients: ["brussels sprout"] }],
  ["blueberries", { ingredients: ["blueberry"] }],
  ["no alcohol", { flags: ["alcohol"] }],
  ["no gelatin", { flags: ["gelatin"] }],
  ["no gelatine", { flags: ["gelatin"] }],
  ["no honey", { flags: ["honey"] }],
  ["no blood products", { flags: ["blood"] }],
  ["no animal rennet", { flags: ["animal-rennet"] }],
  ["lupin", { allergens: ["lupin"] }],
  ["allergic to lupine", { allergens: ["lupin"] }],
  ["no lupini beans", { allergens: ["lupin"] }],
  ["peanuts but lupin is fine", { allergens: ["peanut"] }],
  ["mustard allergy", { allergens: ["mustard"] }],
  ["I don't like mustard", { ingredients: ["mustard"] }],
  ["sulfites", { allergens: ["sulphites"] }],
  ["sulphites and celery", { allergens: ["celery", "sulphites"] }],
  ["molluscs", { allergens: ["molluscs"] }],
  ["allergic to mollusks", { allergens: ["molluscs"] }],
  ["no fish sauce", merge(FISH)],
  ["I'm allergic to fish", FISH],
  ["no wine", { ingredients: ["wine"] }],
  ["no sausage", { ingredients: ["sausage"] }],
  [
    "no legumes",
    {
      allergens: ["soy", ...PEANUT],
      ingredients: [
        "bean",
        "lentil",
        "chickpea",
        "garbanzo",
        "pea",
        "dal",
        "dhal",
        "hummus",
        "falafel",
        "edamame",
        "tofu",
        "tempeh",
      ],
    },
  ],
  ["eggs, no dairy, I hate mushrooms", { allergens: ["milk", "egg"], ingredients: MUSHROOM }],
  [
    "allergic to peanuts and I hate onions",
    { allergens: PEANUT, ingredients: ["onion", "shallot", "scallion"] },
  ],
  ["I hate salmon but I'm allergic to shrimp", merge(SHELLFISH, { ingredients: ["salmon"] })],
  ["no pork, no shellfish", merge({ flags: ["pork"] }, SHELLFISH)],
  ["no pork no beef", { flags: ["pork", "beef"] }],
  ["severe peanut allergy (anaphylaxis)", { allergens: PEANUT }],
  ["xyzzy", { unrecognised: ["xyzzy"] }],
  ["peanuts, flibbertigibbet", { allergens: PEANUT, unrecognised: ["flibbertigibbet"] }],
  ["no nightshades", { unrecognised: ["nightshades"] }],
  ["FODMAP", { unrecognised: ["fodmap"] }],
  ["🥜", { unrecognised: ["🥜"] }],
  ["🦐🦐", { unrecognised: ["🦐"] }],
  ["арахис", { unrecognised: ["арахис"] }],
];
