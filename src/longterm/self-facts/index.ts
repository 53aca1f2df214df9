export { extractSelfStatements, normalizeSentence } from './extract-self-facts.ts';
export {
  type RecordSelfFactsOptions,
  recordSelfFacts,
  type SelfFactsOutcome,
} from './record-self-facts.ts';
export { selfFactRules } from './self-fact-rules.ts';
export { inFamily, multiKey, type SelfFactRule, type SelfStatement } from './self-statement.ts';
export { sentencesOf } from './sentences-of.ts';
