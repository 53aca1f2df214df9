/**
 * Words a question about the user adds to its search: "what should I avoid ordering?" shares no word with "I'm
 * allergic to shellfish", nor "who's my other half?" with "my husband Tom". A question in the first person ("I",
 * "me", "my") that names a personal topic (food, family, work, home, …) also searches for the words a statement of
 * that topic uses — those of the self facts' canonical texts ("The user is allergic to …"), which the turns that
 * state them mostly use too. Questions about someone else (no first person) add nothing.
 */

/** A personal topic: the question words that name it, and the words statements of it use. */
interface Topic {
  asked: readonly string[];
  stated: string;
}

const topics: readonly Topic[] = [
  { asked: ['name', 'called', 'call'], stated: 'name called' },
  { asked: ['age', 'old', 'birthday', 'born'], stated: 'age years old birthday born' },
  {
    asked: ['live', 'lives', 'living', 'based', 'reside', 'address', 'home'],
    stated: 'live lives home city based moved',
  },
  { asked: ['grew', 'raised', 'originally', 'hometown'], stated: 'hometown originally grew raised' },
  {
    asked: [
      'job',
      'work',
      'working',
      'employer',
      'company',
      'office',
      'boss',
      'career',
      'profession',
      'occupation',
    ],
    stated: 'work works job employer company role occupation profession',
  },
  {
    asked: [
      'partner',
      'wife',
      'husband',
      'spouse',
      'married',
      'girlfriend',
      'boyfriend',
      'half',
      'fiance',
      'fiancee',
    ],
    stated: 'partner wife husband spouse married girlfriend boyfriend',
  },
  {
    asked: ['kids', 'kid', 'children', 'child', 'son', 'daughter'],
    stated: 'son daughter child children kids',
  },
  {
    asked: [
      'mom',
      'mum',
      'mother',
      'dad',
      'father',
      'parents',
      'parent',
      'brother',
      'sister',
      'siblings',
      'family',
    ],
    stated: 'mother father mom dad parents brother sister sibling',
  },
  { asked: ['pet', 'pets', 'dog', 'cat', 'animal', 'animals'], stated: 'pet dog cat named' },
  {
    asked: [
      'eat',
      'eating',
      'food',
      'foods',
      'cook',
      'cooking',
      'order',
      'ordering',
      'dinner',
      'lunch',
      'breakfast',
      'meal',
      'meals',
      'menu',
      'restaurant',
      'avoid',
      'allergic',
      'allergy',
      'allergies',
      'diet',
      'react',
    ],
    stated: 'allergic allergy intolerant diet avoid vegetarian vegan eat',
  },
  { asked: ['drink', 'drinks', 'coffee', 'tea', 'caffeine'], stated: 'drink coffee tea' },
  {
    asked: ['music', 'band', 'bands', 'song', 'songs', 'listen', 'listening', 'artist', 'singer', 'album'],
    stated: 'music band singer favourite favorite love',
  },
  { asked: ['team', 'sport', 'sports', 'club', 'support', 'fan'], stated: 'team supports fan sport club' },
  {
    asked: ['hobby', 'hobbies', 'weekend', 'weekends', 'free', 'spare', 'fun', 'relax', 'unwind', 'pastime'],
    stated: 'hobby pastime enjoy love free time weekends',
  },
  { asked: ['car', 'drive', 'driving', 'vehicle'], stated: 'car drive drives vehicle' },
  { asked: ['language', 'languages', 'speak', 'speaking', 'fluent'], stated: 'speak speaks language fluent' },
  {
    asked: ['study', 'studied', 'degree', 'university', 'college', 'school', 'major', 'graduated'],
    stated: 'studied degree university college education',
  },
  {
    asked: ['health', 'condition', 'medication', 'meds', 'medicine', 'doctor', 'diagnosed'],
    stated: 'health condition medication diagnosed',
  },
  { asked: ['morning', 'night', 'early', 'sleep', 'wake'], stated: 'morning person night owl early riser' },
];

const firstPerson = /\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself)\b/;

/**
 * The words to add to a search for `question` (lower-cased words, joined by spaces; `''` for none): for a
 * first-person question, the stated words of every personal topic it names. Deterministic; the caller analyses
 * them as it analyses the question.
 * @example selfQuestionWords("who's my other half?") // 'partner wife husband spouse married girlfriend boyfriend'
 */
export function selfQuestionWords(question: string): string {
  const text = question.toLowerCase().replace(/[’‘]/g, "'");
  if (!firstPerson.test(text)) return '';
  const words = new Set(text.split(/[^\p{L}\p{N}']+/u));
  return topics
    .filter((t) => t.asked.some((w) => words.has(w)))
    .map((t) => t.stated)
    .join(' ');
}
