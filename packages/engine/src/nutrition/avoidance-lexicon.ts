import type { Allergen, FoodFlag } from "./food.types";

/** What one word of the allergy field excludes, in the terms food data is kept in. */
export interface Effect {
  allergens?: readonly Allergen[];
  flags?: readonly FoodFlag[];
  ingredients?: readonly string[];
  kosher?: boolean;
}

/** How the reader treats one word or phrase a person may type. */
export interface Term {
  /** What it excludes when written plainly or as an allergy ("shrimp", "allergic to shrimp"). */
  excludes: Effect;
  /** What it excludes instead when written as a dislike ("I hate shrimp" is about shrimp, not all shellfish). */
  asDislike?: Effect;
  /** What "…but X is fine" gives back; by default what it excludes. A single dish never gives back its class. */
  allows?: Effect;
  /** Excluded again when the allowance gave something back ("no meat except chicken" still rules out turkey). */
  allowsBut?: Effect;
}

export const MEAT_FLAGS: readonly FoodFlag[] = ["pork", "beef", "lamb", "poultry", "game"];
/** What a vegetarian never eats: flesh of any animal and what is made from it (gelatin, animal rennet, blood). */
const VEGETARIAN: Effect = {
  allergens: ["fish", "shellfish"],
  flags: [...MEAT_FLAGS, "fish", "shellfish", "gelatin", "animal-rennet", "blood"],
};
const VEGAN: Effect = {
  allergens: ["milk", "egg", "fish", "shellfish"],
  flags: [...(VEGETARIAN.flags ?? []), "honey"],
};
/** Pescatarian: no meat, nor what is made from it (gelatin is rendered from pig and cattle skin and bone). */
const PESCATARIAN: Effect = { flags: [...MEAT_FLAGS, "gelatin", "blood"] };
/**
 * Halal: no pork, alcohol or blood (Qur'an 2:173, 5:3, 5:90); gelatin of unknown source is treated as not halal, and so
 * is cheese made with animal rennet (calf rennet is from calves not known to be slaughtered by the rule).
 */
const HALAL: Effect = { flags: ["pork", "alcohol", "gelatin", "animal-rennet", "blood"] };
/**
 * Kosher: no pork, shellfish or blood, and only fish with fins and scales (Leviticus 11:9-12, 17); meat and dairy are
 * never served in one meal, nor dairy in the meal after a meat meal (kosher-meals.ts, docs/decisions/063).
 */
const KOSHER: Effect = { flags: ["pork", "shellfish", "blood", "fish-without-scales"], kosher: true };
/**
 * Peanut allergy takes lupin with it: lupin cross-reacts with peanut (Moneret-Vautrin et al., J Allergy Clin Immunol
 * 1999;104:883-888: 44 % of peanut-allergic patients sensitised to lupin flour), and allergists advise peanut-allergic
 * people to avoid it. "Lupin is fine" gives it back.
 */
const PEANUT: readonly Allergen[] = ["peanut", "lupin"];

const allergen = (...allergens: Allergen[]): Effect => ({ allergens });
const flag = (...flags: FoodFlag[]): Effect => ({ flags });
const ingredients = (...words: string[]): Effect => ({ ingredients: words });

/** A word for a whole class: excluded and given back as the class, however it is phrased. */
const classTerm = (excludes: Effect): Term => ({ excludes });
/**
 * One member of an allergen class: written as an allergy it rules out the class (people allergic to one crustacean
 * usually react to all of them, and the safe reading is the one that cannot hurt); as a dislike, only the food itself.
 */
const member = (excludes: Effect, ...words: string[]): Term => ({
  excludes,
  asDislike: ingredients(...words),
  allows: ingredients(...words),
});
/** A plain food people dislike: its words, in dish names and ingredients. */
const food = (...words: string[]): Term => ({ excludes: ingredients(...words) });

const FISH: Effect = { allergens: ["fish"], flags: ["fish"] };
const SHELLFISH: Effect = { allergens: ["shellfish"], flags: ["shellfish"] };
/**
 * A mollusc named as an allergy: the EU's molluscs (Regulation (EU) No 1169/2011, Annex II), and shellfish as before,
 * since our mollusc ingredients carry both (docs/decisions/063).
 */
const MOLLUSC: Effect = { allergens: ["shellfish", "molluscs"], flags: ["shellfish"] };
const CHEESES = [
  "cheese",
  "parmesan",
  "mozzarella",
  "cheddar",
  "feta",
  "ricotta",
  "halloumi",
  "paneer",
  "gruyere",
  "brie",
  "gouda",
  "mascarpone",
  "labneh",
];
const LEGUMES = [
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
];

/** Keys are singular, lower-case, without accents; a key of two or three words is matched before its words. */
export const LEXICON: Record<string, Term> = {
  // Diets and religious rules.
  vegetarian: classTerm(VEGETARIAN),
  "lacto ovo vegetarian": classTerm(VEGETARIAN),
  "ovo lacto vegetarian": classTerm(VEGETARIAN),
  vegan: classTerm(VEGAN),
  "plant based": classTerm(VEGAN),
  pescatarian: classTerm(PESCATARIAN),
  pescetarian: classTerm(PESCATARIAN),
  halal: classTerm(HALAL),
  muslim: classTerm(HALAL),
  kosher: classTerm(KOSHER),
  jewish: classTerm(KOSHER),
  // Meat.
  meat: classTerm({ flags: [...MEAT_FLAGS, "blood"] }),
  "red meat": classTerm(flag("beef", "pork", "lamb", "game")),
  "white meat": classTerm(flag("poultry")),
  pork: classTerm(flag("pork")),
  pig: classTerm(flag("pork")),
  swine: classTerm(flag("pork")),
  beef: classTerm(flag("beef")),
  cow: classTerm(flag("beef")),
  lamb: classTerm(flag("lamb")),
  mutton: classTerm(flag("lamb")),
  sheep: classTerm(flag("lamb")),
  game: classTerm(flag("game")),
  "wild game": classTerm(flag("game")),
  poultry: classTerm(flag("poultry")),
  fowl: classTerm(flag("poultry")),
  chicken: {
    excludes: ingredients("chicken"),
    allows: flag("poultry"),
    allowsBut: ingredients("turkey", "duck", "goose", "quail"),
  },
  turkey: food("turkey"),
  duck: food("duck"),
  goose: food("goose"),
  veal: food("veal"),
  venison: food("venison"),
  rabbit: food("rabbit"),
  goat: food("goat"),
  bacon: food("bacon"),
  ham: food("ham"),
  lard: food("lard"),
  sausage: food("sausage"),
  salami: food("salami"),
  chorizo: food("chorizo"),
  pepperoni: food("pepperoni"),
  prosciutto: food("prosciutto"),
  pancetta: food("pancetta"),
  steak: food("steak"),
  burger: food("burger"),
  liver: food("liver"),
  offal: food("liver", "kidney", "tripe", "heart", "offal"),
  "organ meat": food("liver", "kidney", "tripe", "heart", "offal"),
  tripe: food("tripe"),
  // Things made from animals.
  blood: classTerm(flag("blood")),
  "black pudding": classTerm(flag("blood")),
  "blood sausage": classTerm(flag("blood")),
  gelatin: classTerm(flag("gelatin")),
  gelatine: classTerm(flag("gelatin")),
  rennet: classTerm(flag("animal-rennet")),
  "animal rennet": classTerm(flag("animal-rennet")),
  honey: classTerm(flag("honey")),
  alcohol: classTerm(flag("alcohol")),
  alcoholic: classTerm(flag("alcohol")),
  booze: classTerm(flag("alcohol")),
  liquor: classTerm(flag("alcohol")),
  wine: food("wine"),
  beer: food("beer"),
  rum: food("rum"),
  sake: food("sake"),
  mirin: food("mirin"),
  brandy: food("brandy"),
  // Fish and shellfish.
  fish: classTerm(FISH),
  seafood: classTerm({ allergens: ["fish", "shellfish"], flags: ["fish", "shellfish"] }),
  "sea food": classTerm({ allergens: ["fish", "shellfish"], flags: ["fish", "shellfish"] }),
  shellfish: classTerm(SHELLFISH),
  "shell fish": classTerm(SHELLFISH),
  crustacean: classTerm(SHELLFISH),
  mollusc: classTerm(allergen("molluscs")),
  mollusk: classTerm(allergen("molluscs")),
  salmon: member(FISH, "salmon"),
  tuna: member(FISH, "tuna"),
  cod: member(FISH, "cod"),
  sardine: member(FISH, "sardine"),
  anchovy: member(FISH, "anchovy"),
  mackerel: member(FISH, "mackerel"),
  trout: member(FISH, "trout"),
  tilapia: member(FISH, "tilapia"),
  haddock: member(FISH, "haddock"),
  halibut: member(FISH, "halibut"),
  herring: member(FISH, "herring"),
  catfish: member(FISH, "catfish"),
  "fish sauce": member(FISH, "fish sauce"),
  sushi: member(FISH, "sushi"),
  shrimp: member(SHELLFISH, "shrimp", "prawn"),
  prawn: member(SHELLFISH, "prawn", "shrimp"),
  crab: member(SHELLFISH, "crab"),
  lobster: member(SHELLFISH, "lobster"),
  crayfish: member(SHELLFISH, "crayfish"),
  crawfish: member(SHELLFISH, "crawfish", "crayfish"),
  langoustine: member(SHELLFISH, "langoustine"),
  clam: member(MOLLUSC, "clam"),
  mussel: member(MOLLUSC, "mussel"),
  oyster: member(MOLLUSC, "oyster"),
  scallop: member(MOLLUSC, "scallop"),
  squid: member(MOLLUSC, "squid", "calamari"),
  calamari: member(MOLLUSC, "calamari", "squid"),
  octopus: member(MOLLUSC, "octopus"),
  cuttlefish: member(MOLLUSC, "cuttlefish"),
  snail: member(MOLLUSC, "snail", "escargot"),
  escargot: member(MOLLUSC, "escargot", "snail"),
  whelk: member(MOLLUSC, "whelk"),
  cockle: member(MOLLUSC, "cockle"),
  abalone: member(MOLLUSC, "abalone"),
  // Milk.
  dairy: classTerm(allergen("milk")),
  milk: classTerm(allergen("milk")),
  lactose: classTerm(allergen("milk")),
  casein: classTerm(allergen("milk")),
  whey: classTerm(allergen("milk")),
  cheese: member(allergen("milk"), ...CHEESES),
  yogurt: member(allergen("milk"), "yogurt", "yoghurt"),
  yoghurt: member(allergen("milk"), "yogurt", "yoghurt"),
  butter: member(allergen("milk"), "butter"),
  cream: member(allergen("milk"), "cream"),
  ghee: member(allergen("milk"), "ghee"),
  paneer: member(allergen("milk"), "paneer"),
  kefir: member(allergen("milk"), "kefir"),
  "ice cream": member(allergen("milk"), "ice cream"),
  // Egg.
  egg: classTerm(allergen("egg")),
  mayonnaise: member(allergen("egg"), "mayonnaise", "mayo"),
  mayo: member(allergen("egg"), "mayonnaise", "mayo"),
  omelette: member(allergen("egg"), "omelette", "omelet"),
  meringue: member(allergen("egg"), "meringue"),
  // Nuts: "nuts" on an allergy form usually means both; peanuts are legumes, but the safe reading includes them.
  nut: classTerm(allergen("tree nuts", ...PEANUT)),
  "tree nut": classTerm(allergen("tree nuts")),
  peanut: classTerm(allergen(...PEANUT)),
  groundnut: classTerm(allergen(...PEANUT)),
  "peanut butter": classTerm(allergen(...PEANUT)),
  // The EU's allergens beyond the nine (Regulation (EU) No 1169/2011, Annex II).
  lupin: classTerm(allergen("lupin")),
  lupine: classTerm(allergen("lupin")),
  lupini: classTerm(allergen("lupin")),
  "lupini bean": classTerm(allergen("lupin")),
  "lupin flour": classTerm(allergen("lupin")),
  sulfite: classTerm(allergen("sulphites")),
  sulphite: classTerm(allergen("sulphites")),
  "sulfur dioxide": classTerm(allergen("sulphites")),
  "sulphur dioxide": classTerm(allergen("sulphites")),
  celery: member(allergen("celery"), "celery", "celeriac"),
  celeriac: member(allergen("celery"), "celeriac", "celery"),
  "celery seed": member(allergen("celery"), "celery"),
  "celery salt": member(allergen("celery"), "celery"),
  mustard: member(allergen("mustard"), "mustard"),
  "mustard seed": member(allergen("mustard"), "mustard"),
  "mustard green": member(allergen("mustard"), "mustard"),
  almond: member(allergen("tree nuts"), "almond"),
  "almond milk": member(allergen("tree nuts"), "almond milk"),
  cashew: member(allergen("tree nuts"), "cashew"),
  walnut: member(allergen("tree nuts"), "walnut"),
  pecan: member(allergen("tree nuts"), "pecan"),
  pistachio: member(allergen("tree nuts"), "pistachio"),
  hazelnut: member(allergen("tree nuts"), "hazelnut"),
  macadamia: member(allergen("tree nuts"), "macadamia"),
  "pine nut": member(allergen("tree nuts"), "pine nut"),
  "brazil nut": member(allergen("tree nuts"), "brazil nut"),
  chestnut: member(allergen("tree nuts"), "chestnut"),
  // Gluten.
  gluten: classTerm(allergen("wheat/gluten")),
  wheat: classTerm(allergen("wheat/gluten")),
  coeliac: classTerm(allergen("wheat/gluten")),
  celiac: classTerm(allergen("wheat/gluten")),
  barley: member(allergen("wheat/gluten"), "barley"),
  rye: member(allergen("wheat/gluten"), "rye"),
  spelt: member(allergen("wheat/gluten"), "spelt"),
  semolina: member(allergen("wheat/gluten"), "semolina"),
  couscous: member(allergen("wheat/gluten"), "couscous"),
  bulgur: member(allergen("wheat/gluten"), "bulgur"),
  farro: member(allergen("wheat/gluten"), "farro"),
  seitan: member(allergen("wheat/gluten"), "seitan"),
  // Soy.
  soy: classTerm(allergen("soy")),
  soya: classTerm(allergen("soy")),
  soybean: classTerm(allergen("soy")),
  "soy bean": classTerm(allergen("soy")),
  "soy sauce": member(allergen("soy"), "soy sauce"),
  tofu: member(allergen("soy"), "tofu"),
  tempeh: member(allergen("soy"), "tempeh"),
  edamame: member(allergen("soy"), "edamame"),
  miso: member(allergen("soy"), "miso"),
  // Sesame.
  sesame: classTerm(allergen("sesame")),
  "sesame seed": classTerm(allergen("sesame")),
  tahini: member(allergen("sesame"), "tahini"),
  hummus: member(allergen("sesame"), "hummus"),
  halva: member(allergen("sesame"), "halva"),
  // Legumes: not one of the nine allergens, but soy and peanut are legumes.
  legume: { excludes: { allergens: ["soy", ...PEANUT], ingredients: LEGUMES } },
  pulse: food("bean", "lentil", "chickpea", "garbanzo", "pea", "dal", "dhal", "hummus", "falafel"),
  bean: food("bean"),
  lentil: food("lentil", "dal", "dhal"),
  chickpea: food("chickpea", "garbanzo", "chana", "hummus", "falafel"),
  garbanzo: food("chickpea", "garbanzo", "chana", "hummus", "falafel"),
  pea: food("pea"),
  // Foods people dislike; synonyms share their words.
  mushroom: food("mushroom", "shiitake", "portobello", "champignon", "porcini", "chanterelle", "enoki"),
  fungi: food("mushroom", "shiitake", "portobello", "champignon", "porcini", "chanterelle", "enoki"),
  onion: food("onion", "shallot", "scallion"),
  garlic: food("garlic"),
  tomato: food("tomato"),
  pepper: food("pepper", "capsicum"),
  "bell pepper": food("bell pepper", "capsicum"),
  capsicum: food("bell pepper", "capsicum"),
  chili: food("chili", "chilli", "chile", "jalapeno", "sriracha"),
  chilli: food("chili", "chilli", "chile", "jalapeno", "sriracha"),
  jalapeno: food("jalapeno"),
  cilantro: food("cilantro", "coriander"),
  coriander: food("cilantro", "coriander"),
  olive: food("olive"),
  eggplant: food("eggplant", "aubergine"),
  aubergine: food("eggplant", "aubergine"),
  zucchini: food("zucchini", "courgette"),
  courgette: food("zucchini", "courgette"),
  broccoli: food("broccoli"),
  cauliflower: food("cauliflower"),
  cabbage: food("cabbage"),
  kale: food("kale"),
  spinach: food("spinach"),
  lettuce: food("lettuce"),
  cucumber: food("cucumber"),
  carrot: food("carrot"),
  potato: food("potato"),
  "sweet potato": food("sweet potato"),
  corn: food("corn"),
  avocado: food("avocado", "guacamole"),
  beetroot: food("beetroot", "beet"),
  beet: food("beetroot", "beet"),
  radish: food("radish"),
  "brussels sprout": food("brussels sprout"),
  "brussel sprout": food("brussels sprout"),
  asparagus: food("asparagus"),
  okra: food("okra"),
  pumpkin: food("pumpkin"),
  squash: food("squash"),
  artichoke: food("artichoke"),
  fennel: food("fennel"),
  ginger: food("ginger"),
  leek: food("leek"),
  banana: food("banana"),
  apple: food("apple"),
  orange: food("orange"),
  grapefruit: food("grapefruit"),
  lemon: food("lemon"),
  lime: food("lime"),
  strawberry: food("strawberry"),
  raspberry: food("raspberry"),
  blueberry: food("blueberry"),
  berry: food("berry", "berries"),
  grape: food("grape"),
  raisin: food("raisin"),
  date: food("date"),
  fig: food("fig"),
  mango: food("mango"),
  pineapple: food("pineapple"),
  papaya: food("papaya"),
  kiwi: food("kiwi"),
  melon: food("melon"),
  watermelon: food("watermelon"),
  peach: food("peach"),
  pear: food("pear"),
  plum: food("plum"),
  cherry: food("cherry"),
  apricot: food("apricot"),
  pomegranate: food("pomegranate"),
  coconut: food("coconut"),
  rice: food("rice"),
  oat: food("oat", "oatmeal"),
  oatmeal: food("oatmeal"),
  quinoa: food("quinoa"),
  bread: food("bread", "toast", "bagel", "bun"),
  pasta: food("pasta", "spaghetti", "penne", "macaroni", "lasagna", "noodle"),
  noodle: food("noodle"),
  tortilla: food("tortilla"),
  chocolate: food("chocolate", "cocoa"),
  cocoa: food("cocoa", "chocolate"),
  coffee: food("coffee", "espresso"),
  tea: food("tea"),
  sugar: food("sugar"),
  ketchup: food("ketchup"),
  vinegar: food("vinegar"),
  cinnamon: food("cinnamon"),
  cumin: food("cumin"),
  curry: food("curry"),
};

/**
 * Words that carry no food meaning in an allergy sentence ("I'm allergic to", "no", "free", "please"). They are read
 * and dropped, never reported back, and never typo-corrected into a food.
 */
export const FILLER_WORDS = new Set(
  (
    "a about all allergen allergens allergic allergies allergy also am an anaphylactic anaphylaxis and any anyone " +
    "anything are as at avoid avoiding away bad badly based be because besides big but by can cannot cant " +
    "child condition consume contact contain containing contains could cross cut daily daughter deathly " +
    "detest diagnosed diagnosis didnt diet dislike do doctor does doesnt dont drink drinking due e eat eating eats " +
    "eg either else etc ethical everything except exclude excluding family fan fine follow following food foods for free " +
    "from g get gets good hate have having he history hives however i ie if ill im in include including " +
    "ingredient ingredients intolerance intolerances intolerant is isnt it its just keen keep kind kinds " +
    "less like little loathe lot lots love low make makes many me medical mild mine more most mostly much " +
    "must my n na neither never new nil no non none nor not nothing of ok okay old on only or other our out " +
    "partner personal please plus prefer preference product products rash rather react reaction reacts " +
    "really reason reasons recently reduce religion religious safe sensitive sensitivities sensitivity " +
    "severe she should shouldnt sick since skip so son stand stomach strict strictly stuff such take than " +
    "thank thanks that the them these they thing things this those though told too touch trace traces type " +
    "types upset us very want was we whatever when which who wife will with without wont would year years yes " +
    "you husband follows allowed apart to at up off anymore dish dishes meal meals disease"
  ).split(" "),
);

/** Words that make the rest of their clause, from where they stand, about dislikes rather than allergies. */
export const DISLIKE_WORDS = new Set(["hate", "dislike", "detest", "loathe"]);
/** Two-word dislike phrases, joined by a space after apostrophes are dropped ("don't like" → "dont like"). */
export const DISLIKE_PHRASES = [
  "dont like",
  "do not like",
  "not like",
  "not a fan",
  "cant stand",
  "can not stand",
  "cannot stand",
  "not keen",
  "not into",
  "rather not",
  "prefer not",
  "prefer no",
];
/** Words that put a word back under the allergy reading after a dislike in the same clause. */
export const ALLERGY_WORDS = new Set([
  "allergic",
  "allergy",
  "allergies",
  "intolerant",
  "intolerance",
  "anaphylactic",
  "anaphylaxis",
  "coeliac",
  "celiac",
]);
/** Words that say a clause is not an exclusion ("I can't eat", "no", "never" outrank "eat" and "fine"). */
export const NEGATION_WORDS = new Set([
  "no",
  "not",
  "dont",
  "doesnt",
  "never",
  "cant",
  "cannot",
  "avoid",
  "without",
  "free",
  "allergic",
  "allergy",
  "intolerant",
  "hate",
  "dislike",
  "isnt",
  "arent",
  "wont",
  "shouldnt",
  "nor",
  "neither",
]);
/** Words that make a clause an allowance when it has no negation ("but I eat fish", "peanuts are fine"). */
export const ALLOW_WORDS = new Set(["eat", "eats", "fine", "ok", "okay", "allowed", "safe", "good"]);
/** Words that open a clause of exceptions: to an exclusion before it, or to "I eat everything". */
export const EXCEPTION_OPENERS = ["except", "apart from", "other than", "besides", "excluding", "but not"];
