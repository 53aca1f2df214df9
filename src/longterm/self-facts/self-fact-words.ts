/**
 * The word lists and pattern pieces the self-statement rules are written with: how a name, a place, an
 * organisation and a short phrase end, and the closed classes (occupations, animals, diets, car makers) a rule
 * checks a value against.
 */

/** A capitalised word (not the pronoun "I"). */
const cap = String.raw`(?!I\b)\p{Lu}[\p{L}\p{N}'’&.-]*`;

/** A proper name of 1–4 capitalised words, with the connectors place and company names carry. */
export const proper = String.raw`(${cap}(?:\s+(?:(?:of|de|da|do|dos|del|la|le|van|von|der|and|&)\s+)?${cap}){0,3})`;

/** A capitalised word of a person's name: an apostrophe inside it ("O'Neill"), never a final `'s` ("Tom's been"). */
const nameCap = String.raw`(?!I\b)\p{Lu}(?:[\p{L}\p{N}&.-]|['’](?![sS]\b))*`;

/** A person's name: one or two capitalised words ("my son Iwan's coming home" names Iwan). */
export const personName = String.raw`(${nameCap}(?:\s+${nameCap})?)`;

/** Words that end a free phrase (conjunctions, prepositions, time words, fillers). */
const stops =
  'and|but|so|because|since|who|which|that|when|while|though|although|even|now|lately|anymore|too|either|again|before|after|every|each|on|last|next|this|with|for|from|at|in|near|mostly|as|if|or|than|rather|instead|really|honestly|all|at|to|by|of|is|are|was|were|will|would|i|we|she|he|they|it|these|those|every|most|much|very|also|just|still|already|anyway|haha|lol|though';

/** A free phrase of 1–4 words (lowercase allowed), ending before a stop word or punctuation. */
export const phrase = String.raw`([\p{L}\p{N}][\p{L}\p{N}'’/&-]*(?:\s+(?!(?:${stops})\b)[\p{L}\p{N}][\p{L}\p{N}'’/&-]*){0,3})`;

/** A list of phrases ("Portuguese and a bit of German", "peanuts, tree nuts and sesame"). */
export const phraseList = String.raw`([\p{L}\p{N}][\p{L}\p{N}'’/&, -]*?)(?=\s*(?:[.;:!?()]|$|\s(?:but|so|because|since|though|now|too|which|when)\b))`;

/** Leading words dropped from a value ("the cello" → "cello", "a bit of German" → "German"). */
export const leadingFiller =
  /^(?:(?:a little bit of|a bit of|a little|the|an|a|my|our|some|anything|everything|any|basic|fluent|decent|conversational|really|honestly|probably|definitely|well|also|and|still)\s+)+/i;

/** Occupations (the last word of a role): "I'm a nurse", "I work as a senior software engineer". */
export const occupations = new Set(
  `accountant actor actress analyst architect artist assistant attorney baker barista barber biologist bookkeeper
builder butcher carpenter cashier ceo cfo chef chemist cleaner clerk coach consultant cook counselor counsellor cto
dancer dentist designer detective developer dietitian director doctor driver economist editor electrician engineer
entrepreneur farmer firefighter founder freelancer gardener geologist hairdresser historian illustrator instructor
intern journalist judge lawyer lecturer librarian lifeguard linguist machinist manager marketer mathematician
mechanic midwife musician nanny nurse officer optician painter paramedic pharmacist photographer physician
physicist physiotherapist pilot plumber policeman policewoman politician producer professor programmer psychiatrist
psychologist radiologist realtor receptionist reporter researcher sailor salesman saleswoman salesperson scientist
secretary singer soldier statistician student surgeon surveyor tailor teacher technician therapist trainer
translator tutor veterinarian vet waiter waitress welder writer administrator paralegal pharmacologist
sysadmin auditor recruiter copywriter animator curator estimator inspector investigator lead supervisor
coordinator specialist executive advisor adviser strategist planner apprentice`.split(/\s+/),
);

/** Animals kept as pets; dog breeds also count (a "golden retriever" is a dog). */
export const animals = new Set(
  `dog puppy pup cat kitten kitty rabbit bunny hamster guinea pig parrot budgie bird canary fish goldfish turtle
tortoise snake lizard gecko horse pony ferret rat mouse chinchilla hedgehog cockatiel iguana chicken goat`.split(
    /\s+/,
  ),
);

/** Dog breeds (the last word), so a breed is named a dog in the canonical text. */
export const dogBreeds = new Set(
  `retriever labrador lab terrier poodle spaniel shepherd beagle bulldog husky collie dachshund pug corgi boxer
greyhound whippet rottweiler doberman chihuahua schnauzer pointer setter mastiff sheepdog malamute akita shiba
samoyed dalmatian labradoodle cockapoo goldendoodle maltese pomeranian weimaraner vizsla`.split(/\s+/),
);

/** Diets a user may say they follow. */
export const diets =
  '(vegetarian|vegan|pescatarian|pescetarian|keto|paleo|gluten[- ]free|lactose[- ]free|dairy[- ]free|halal|kosher|flexitarian|carnivore|plant[- ]based|raw vegan|low[- ]carb)';

/** Car makers (a value's first word), so "I bought a Tesla" is a car and "I bought a Lamp" is not. */
export const carMakers = new Set(
  `audi bmw byd chevrolet chevy citroen citroën cupra dacia fiat ford honda hyundai jaguar jeep kia lada lexus mazda
mercedes mini mitsubishi nissan opel peugeot polestar porsche renault rivian saab seat skoda subaru suzuki tesla
toyota volkswagen vw volvo alfa ferrari lamborghini maserati bentley lucid smart`.split(/\s+/),
);

/** Activities that are exercise, named so in the canonical text. */
export const exercises = new Set(
  `running jogging swimming cycling biking yoga pilates climbing bouldering lifting weightlifting gym boxing rowing
hiking skiing snowboarding surfing tennis football soccer basketball volleyball crossfit dancing walking martial
karate judo squash badminton golf skating triathlon marathon spinning`.split(/\s+/),
);

/** Health conditions a user may say they have ("I have asthma", "I suffer from migraines"). */
export const conditionNouns =
  "((?:type [12] |mild |bad |severe |chronic )?(?:asthma|diabetes|epilepsy|migraines?|arthritis|ADHD|autism|dyslexia|dyspraxia|IBS|Crohn's(?: disease)?|coeliac disease|celiac disease|eczema|psoriasis|anxiety|depression|hypertension|high blood pressure|low blood pressure|PCOS|endometriosis|lupus|MS|multiple sclerosis|fibromyalgia|tinnitus|sleep apnoea|sleep apnea|insomnia|a heart condition|heart disease|long covid|hay ?fever|anaemia|anemia|gout|sciatica|scoliosis|colitis|chronic fatigue|ME|osteoporosis|an underactive thyroid|a thyroid condition|glaucoma|acid reflux|GERD|haemophilia|hemophilia|sickle cell|cystic fibrosis|OCD|PTSD|bipolar(?: disorder)?))";

/** Conditions said as an adjective ("I'm diabetic", "my dad's coeliac", "I'm lactose intolerant"). */
export const conditionAdjectives =
  '((?:type [12] |pre-?)?diabetic|asthmatic|epileptic|coeliac|celiac|dyslexic|autistic|anaemic|anemic|(?:lactose|gluten|dairy|wheat)[- ]intolerant|colou?r[- ]blind|deaf|hard of hearing|partially sighted|short[- ]sighted|long[- ]sighted|immunocompromised|pregnant)';

/** What a condition means to avoid (a word of the condition, lowercase, to the foods it rules out). */
export const conditions: readonly (readonly [string, string])[] = [
  ['coeliac', 'gluten (wheat, barley, rye)'],
  ['celiac', 'gluten (wheat, barley, rye)'],
  ['gluten', 'gluten (wheat)'],
  ['wheat', 'wheat, gluten'],
  ['lactose', 'lactose (dairy, milk)'],
  ['dairy', 'dairy (milk, lactose)'],
  ['diabet', 'sugar'],
];

/** Drinks a user may say they have, usually or first thing (lowercase, as said). */
export const drinks =
  "((?:flat white|espresso|latte|cappuccino|americano|macchiato|mocha|cortado)s?|cold brew|filter coffee|black coffee|iced coffee|decaf|coffee|(?:green|black|herbal|mint|peppermint|chamomile|builder's|jasmine|white) tea|earl grey|Earl Grey|english breakfast|English breakfast|chai(?: latte)?|matcha(?: latte)?|rooibos|oolong|tea|hot chocolate|yerba mate)";

/** Whether a drink is coffee or tea ('' for neither). */
export const drinkKind = (d: string) =>
  /tea|chai|matcha|rooibos|oolong|earl grey|english breakfast/.test(d)
    ? 'tea'
    : /coffee|flat white|espresso|latte|cappuccino|americano|macchiato|mocha|cortado|decaf|cold brew/.test(d)
      ? 'coffee'
      : '';

/**
 * Capitalised words said after "I'm" that are not names: nationalities, faiths and the like ("I'm Dutch",
 * "I'm Catholic"); words ending in -ish, -ese or -ian are left out by the rule itself.
 */
export const notNames = new Set(
  `american german mexican kenyan korean cuban moroccan dominican venezuelan chilean jamaican ugandan afghan tibetan
thai greek dutch swiss czech kiwi aussie filipino filipina latino latina latinx black white muslim hindu buddhist
sikh catholic mormon protestant orthodox atheist agnostic jewish pakistani israeli iraqi bengali nepali saudi omani
yemeni kuwaiti qatari emirati bangladeshi somali azerbaijani ok okay fine good great here back sorry ready done
english british scottish irish welsh new old gay queer trans bi monday tuesday wednesday thursday friday saturday
sunday single married divorced widowed engaged pregnant retired unemployed employed remote free busy deaf blind
disabled sick ill healthy tired bored late early alone home away sure confused lost stuck curious hungry thirsty
happy sad excited nervous anxious worried stressed vegan vegetarian pescatarian keto diabetic autistic dyslexic
adhd left-handed right-handed allergic human straight lesbian nonbinary non-binary introverted extroverted shy
sober broke rich poor young tall short`.split(/\s+/),
);

/** Words for a family member or close friend ("my wife", "our son", "my best mate"). */
export const relatives =
  'son|daughter|kid|child|boy|girl|baby|stepson|stepdaughter|twin|mom|mum|mother|mama|dad|father|papa|brother|sister|grandma|grandmother|grandpa|grandfather|nan|nana|gran|granny|wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?|spouse|best friend|best mate|bestie|closest friend|oldest friend';
/** Words between "my" and a relation ("my new boyfriend", "my older brother", "my youngest daughter"). */
export const kinAdjectives = String.raw`(?:(?:new|older|younger|little|big|baby|eldest|oldest|youngest|twin|lovely|amazing|wonderful)\s+)?`;

/** Words of a title a promotion names beyond the occupations ("team lead", "head of sales", "senior partner"). */
export const titleWords =
  /\b(?:lead|head|director|manager|chief|principal|partner|supervisor|vp|vice president|president|captain|sergeant|foreman|officer|editor|associate|fellow|owner)\b|^(?:senior|junior|staff|deputy|acting|assistant)\s/i;
/** Words of a stay that is not a home ("we're in Rome now, the hotel room is tiny"). */
export const temporaryStay =
  /\b(?:hotel|hostel|airbnb|motel|resort|trip|holiday|vacation|visit|visiting|conference|staying|weekend|honeymoon|tour)\b/;
