import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.ts';
import { queryTerms } from './hybrid-search.ts';
import { personalTopics, topicTerm } from './personal-topics.ts';
import { asksAboutUser, questionTopicTerms } from './question-topic-terms.ts';
import { isTopicLine, maxTopicTurnChars, topicLine } from './topic-line.ts';

const now = new Date('2026-01-01T00:00:00Z');

describe('asksAboutUser', () => {
  it('is true for a question in the first person, a request to the assistant aside', () => {
    for (const q of [
      "what's my name?",
      'Where do we live now?',
      'which car did I buy',
      "what’s our dog's name",
      'Remind me what I drive',
    ])
      expect(asksAboutUser(q), q).toBe(true);
    for (const q of [
      'Tell me what Melanie painted.',
      'What did Caroline research?',
      'remind me of the plan',
      'mine sweeper rules',
      '',
    ])
      expect(asksAboutUser(q), q).toBe(q === 'mine sweeper rules');
  });
});

describe('questionTopicTerms', () => {
  it('adds the term of each personal topic a question about the user names', () => {
    expect(questionTopicTerms("who's my other half?")).toBe('topicpartner');
    expect(questionTopicTerms('What should I avoid ordering for dinner?')).toBe('topicdiet');
    expect(questionTopicTerms('remind me what I drive')).toBe('topiccar');
    expect(questionTopicTerms('Where am I based these days?')).toBe('topichome');
    expect(questionTopicTerms('what kind of dog do we have?')).toBe('topicpets');
    // A phrase is read before its words: "for a living" is work, not where one lives.
    expect(questionTopicTerms('What do I do for a living?')).toBe('topicwork topicoccupation');
    expect(questionTopicTerms('where do I live?')).toBe('topichome');
  });

  it('a question and a turn that name one topic in different words meet on its term', () => {
    const pairs: [string, string][] = [
      ['which hand do I write with?', 'as a leftie, which pens do not smudge?'],
      ['what charity work am I involved in?', 'i volunteer at the soup kitchen on sundays'],
      ['do I have any medical conditions?', 'my asthma is bad this week, can I still run?'],
      ['what do I code in?', "at the new place it's all kotlin"],
      ['what did I study at uni?', 'did my msc in chemistry years ago'],
      ['how should people refer to me?', 'please use they/them for me in the bio'],
    ];
    for (const [question, turn] of pairs) {
      const asked = questionTopicTerms(question).split(' ');
      const said = topicLine(turn)
        .replace(/^about: /, '')
        .split(' ');
      expect(
        asked.some((t) => said.includes(t)),
        `${question} / ${turn}`,
      ).toBe(true);
      expect(isTopicLine(topicLine(turn))).toBe(true);
    }
    expect(topicLine('Can you refactor this function to be shorter?')).toBe('');
    expect(topicLine(`my dog ${'and so on '.repeat(maxTopicTurnChars / 10)}`)).toBe('');
  });

  it("a question about someone else adds the topic's terms for every speaker; one naming no topic adds nothing", () => {
    expect(questionTopicTerms('Where does Caroline live?')).toBe('topichome othertopichome');
    expect(questionTopicTerms('What pets does Melanie have?')).toBe('topicpets othertopicpets');
    expect(topicLine('We adopted a greyhound last week!', 'other')).toBe('about: othertopicpets');
    expect(questionTopicTerms('Tell me what changed in the cache budget.')).toBe('');
    // A request's "me" is not the question's subject.
    expect(questionTopicTerms("Remind me: what breed is Caroline's dog?")).toBe('topicpets othertopicpets');
    expect(questionTopicTerms('remind me what I drive')).toBe('topiccar');
    expect(questionTopicTerms('')).toBe('');
  });

  it('property: a turn saying any cue of a topic, among other words, carries its term; the line is deterministic', () => {
    const cues = personalTopics.flatMap((t) =>
      t.said.split(',').map((c) => ({ term: topicTerm(t, 'user'), cue: c.trim().replaceAll('{n}', '12') })),
    );
    const filler = fc.constantFrom(
      'so',
      'the',
      'yesterday',
      'honestly',
      'fix',
      'this',
      'loop',
      'please',
      'lol',
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...cues),
        fc.array(filler, { maxLength: 6 }),
        fc.array(filler, { maxLength: 6 }),
        ({ term, cue }, before, after) => {
          const turn = [...before, cue, ...after].join(' ');
          const line = topicLine(turn);
          expect(line.split(' ')).toContain(term);
          expect(topicLine(turn)).toBe(line);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: a question about the user adds only the user’s terms; queryTerms keeps the question’s own terms first', () => {
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
        const extra = questionTopicTerms(question);
        const mine = words.some((w) => ['i', 'my', 'me'].includes(w));
        for (const term of extra.split(' ').filter(Boolean))
          expect(term).toMatch(mine ? /^topic[a-z]+$/ : /^(?:other)?topic[a-z]+$/);
        const own = [...new Set(analyzeText(question))];
        expect(queryTerms(question, now).slice(0, own.length)).toEqual(own);
      }),
      { numRuns: 300 },
    );
  });
});
