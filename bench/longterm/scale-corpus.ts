/**
 * The deterministic corpus of the long-term scale benchmark: record texts of 2–3 English-like sentences (stop
 * words between content words drawn from a 5,000-word vocabulary with a Zipf (s = 1) distribution: the 300 most
 * frequent are common English words, the rest pseudo-words), a rare "needle" term in about 1 record in 5,000,
 * and owners drawn from 1,000 users of one tenant with a Zipf (s = 1) distribution (a few big users, many small).
 */

import { createPrng } from '../../src/testing/prng.ts';

const english =
  `time person year way day thing man world life hand part child eye woman place work week case point
government company number group problem fact house home room school mother father family friend water money
story game city car dog cat book music movie song team plan idea trip beach park garden kitchen office doctor
teacher student class lesson project meeting party dinner lunch breakfast coffee tea pizza cake bread apple
birthday holiday weekend morning evening night summer winter spring autumn rain snow sun weather river
mountain lake forest road street train bus plane airport hotel camp hike run walk swim bike ride drive travel
paint draw write read cook bake clean build fix grow plant learn teach study practice play watch listen sing
dance laugh smile talk call visit meet help support love like enjoy hate miss remember forget feel think know
believe hope wish want need try start finish open close buy sell pay spend save lose win move stay leave
return arrive stop change turn show tell ask answer share keep bring carry send receive hold wait sleep wake
happy sad tired busy excited nervous proud calm angry worried lucky healthy strong quiet loud bright dark warm
cold hot new old young early late big small long short great good bad best favorite important different
special beautiful amazing difficult easy hard simple free full empty clear careful brave kind gentle honest
photo picture painting poster letter message email phone laptop computer camera guitar piano violin drum
shelter adoption volunteer charity community neighbor colleague manager boss client customer interview job
career promotion salary vacation passport ticket concert festival museum gallery theater library store market
recipe garden flower tree bird horse puppy kitten pet vet medicine hospital therapy workout gym yoga marathon
race soccer basketball tennis chess puzzle novel poem journal diary blog podcast video course degree exam
grade scholarship wedding anniversary baby sister brother cousin uncle aunt grandma grandpa daughter son
husband wife partner boyfriend girlfriend roommate apartment rent mortgage furniture sofa lamp blanket`
    .split(/\s+/)
    .filter(Boolean);

const stop =
  `the a and to of in that it with for on was is at by as from my we our this they their he she his her
have had has been were are be so but just about then there when after before very really also`
    .split(/\s+/)
    .filter(Boolean);

const syllables = [
  'ka',
  'lo',
  'mi',
  'nu',
  'ru',
  'ta',
  'vo',
  'si',
  'po',
  'da',
  'ge',
  'hu',
  'ji',
  'be',
  'fa',
  'zu',
];
/** Content words. */
export const vocabularySize = 5_000;

/** Rare terms, each in about 1 record in 100,000 (all 20 together: 1 in 5,000). */
export const needles = [
  'xylophonist',
  'quokkafest',
  'zymurgist',
  'okapiwatch',
  'kerfuffle',
  'snollygoster',
  'bumbershoot',
  'lollygag',
  'gobbledygook',
  'cattywampus',
  'brouhaha',
  'skedaddle',
  'flibbertigibbet',
  'hullabaloo',
  'widdershins',
  'collywobbles',
  'taradiddle',
  'mumpsimus',
  'borborygmus',
  'absquatulate',
];

const seen = [...new Set(english)];
/** The `i`-th content word (0 is the most frequent): English for the head, pseudo-words after. */
export function word(i: number): string {
  if (i < seen.length) return seen[i] as string;
  let out = '';
  let n = i + syllables.length * syllables.length; // three syllables or more: never an English word above
  while (n > 0) {
    out += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  }
  return out;
}
const words = Array.from({ length: vocabularySize }, (_, i) => word(i));

/** Cumulative Zipf (s = 1) weights over `n` ranks. */
function zipfCdf(n: number): Float64Array {
  const out = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += 1 / (i + 1);
  let sum = 0;
  for (let i = 0; i < n; i++) out[i] = sum += 1 / (i + 1) / total;
  return out;
}

function draw(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cdf[mid] as number) < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const wordCdf = zipfCdf(vocabularySize);
/** Users of the tenant. */
export const userCount = 1_000;
const userCdf = zipfCdf(userCount);

/** The name of the user of Zipf rank `i` (0 is the biggest). */
export const userName = (i: number) => `user-${String(i).padStart(4, '0')}`;

/** One generated record: its owner and text. */
export interface ScaleRecord {
  user: string;
  id: string;
  text: string;
}

/** A sentence of 8–16 words, about 40% stop words. */
function sentence(random: () => number): string {
  const n = 8 + Math.floor(random() * 9);
  const out: string[] = [];
  for (let i = 0; i < n; i++)
    out.push(
      random() < 0.4
        ? (stop[Math.floor(random() * stop.length)] as string)
        : (words[draw(wordCdf, random())] as string),
    );
  if (random() < 1 / 5_000)
    out.splice(
      Math.floor(random() * out.length),
      0,
      needles[Math.floor(random() * needles.length)] as string,
    );
  const s = out.join(' ');
  return `${s[0]?.toUpperCase()}${s.slice(1)}.`;
}

/** The text of a record: 2–3 sentences. */
export function recordText(random: () => number): string {
  const n = 2 + Math.floor(random() * 2);
  return Array.from({ length: n }, () => sentence(random)).join(' ');
}

/**
 * The records of a user written in full before the others (the probe scopes, whose data stays the same while the
 * table grows), then the bulk: each record's owner drawn from the Zipf user distribution.
 */
export function* generate(
  total: number,
  probes: Record<string, number>,
  seed = 9_006,
): Generator<ScaleRecord> {
  const random = createPrng(seed);
  let i = 0;
  for (const [user, count] of Object.entries(probes))
    for (let k = 0; k < count && i < total; k++, i++)
      yield { user, id: `r${i.toString(36)}`, text: recordText(random) };
  for (; i < total; i++)
    yield { user: userName(draw(userCdf, random())), id: `r${i.toString(36)}`, text: recordText(random) };
}

/** `count` queries of 2–4 words: content words of rank 20 or more, a very common word in 1 of 4, a needle in 1 of 4. */
export function queries(count: number, seed = 4_242): string[] {
  const random = createPrng(seed);
  const out: string[] = [];
  while (out.length < count) {
    const n = 2 + Math.floor(random() * 3);
    const picked = new Set<string>();
    if (random() < 0.25) picked.add(words[Math.floor(random() * 20)] as string);
    if (random() < 0.25) picked.add(needles[Math.floor(random() * needles.length)] as string);
    while (picked.size < n) {
      const r = draw(wordCdf, random());
      if (r >= 20) picked.add(words[r] as string);
    }
    out.push([...picked].join(' '));
  }
  return out;
}
