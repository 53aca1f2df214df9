import { createPrng } from '../src/testing/prng.ts';

/**
 * Inputs on which naive BPE is quadratic: long runs with no pre-token break. Each class is drawn from a fixed
 * alphabet with a seeded PRNG, so a test and a benchmark see the same text.
 */
export const PATHOLOGICAL_CLASSES = Object.freeze({
  letters: 'abcdefghijklmnopqrstuvwxyz',
  cjk: '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴切群',
  digits: '0123456789',
  dna: 'ACGT',
  base64: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  'single char': 'x',
  emoji: ['🎉', '😀', '🚀', '👍🏽', '❤️', '🔥'],
});

/** A pathological class name. */
export type PathologicalClass = keyof typeof PATHOLOGICAL_CLASSES;

/** `chars` characters (code points or emoji) of one class, the same for the same seed. */
export function pathologicalText(kind: PathologicalClass, chars: number, seed = 21): string {
  const alphabet = [...PATHOLOGICAL_CLASSES[kind]];
  const random = createPrng(seed);
  const out: string[] = [];
  for (let i = 0; i < chars; i++) out.push(alphabet[Math.floor(random() * alphabet.length)] as string);
  return out.join('');
}
