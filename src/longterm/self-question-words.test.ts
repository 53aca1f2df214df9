import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.ts';
import { queryTerms } from './hybrid-search.ts';
import { selfQuestionWords } from './self-question-words.ts';

const now = new Date('2026-01-01T00:00:00Z');

describe('selfQuestionWords', () => {
  it('adds the words statements of a personal topic use, for a question about the user', () => {
    expect(selfQuestionWords("who's my other half?")).toContain('husband');
    expect(selfQuestionWords('What should I avoid ordering for dinner?')).toContain('allergic');
    expect(selfQuestionWords('remind me what I drive')).toContain('car');
    expect(selfQuestionWords('Where am I based these days?')).toContain('lives');
    expect(selfQuestionWords('What do I do for work?')).toContain('job');
  });

  it('adds nothing for a question about someone else, or one that names no personal topic', () => {
    expect(selfQuestionWords('Where does Caroline live?')).toBe('');
    expect(selfQuestionWords('What did Melanie eat for dinner?')).toBe('');
    expect(selfQuestionWords('Tell me what changed in the cache budget.')).toBe('');
    expect(selfQuestionWords('')).toBe('');
  });

  it('property: adds nothing without a first-person word; queryTerms keeps the question’s own terms first', () => {
    const word = fc.constantFrom(
      'where',
      'do',
      'i',
      'my',
      'me',
      'live',
      'eat',
      'dinner',
      'wife',
      'car',
      'Caroline',
      'the',
      'what',
      'job',
      'cache',
      'budget',
      'dog',
      'music',
      'old',
      'yesterday',
      'speak',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), (words) => {
        const question = words.join(' ');
        const extra = selfQuestionWords(question);
        if (!words.some((w) => ['i', 'my', 'me'].includes(w))) expect(extra).toBe('');
        const own = [...new Set(analyzeText(question))];
        expect(queryTerms(question, now).slice(0, own.length)).toEqual(own);
      }),
      { numRuns: 300 },
    );
  });
});
