import { describe, expect, it } from 'vitest';
import { cueText, topicsNamed } from './topic-cues.ts';
import { isTopicLine, topicLine } from './topic-line.ts';

const said = (text: string) => topicsNamed(cueText(text), 'said').map((t) => t.id);
const asked = (text: string) => topicsNamed(cueText(text), 'asked').map((t) => t.id);

describe('topicsNamed', () => {
  it('reads an entry with a symbol as written: "c++" and "c#" name programming, a lone "c" does not', () => {
    expect(said('we write everything in c++ at work')).toContain('programming');
    expect(said('my team moved to C# last year')).toContain('programming');
    expect(said('I take vitamin C every day')).not.toContain('programming');
    expect(said('my grade is C')).not.toContain('programming');
    expect(said('the c2 exam is hard')).not.toContain('programming');
    expect(said('please use they/them for me')).toEqual(['pronouns']);
  });

  it('reads {n} as a number, on word boundaries', () => {
    expect(said('turning 34 on june 9')).toEqual(['age']);
    expect(said('6:30 swim most weekdays')).toContain('routine');
    expect(said('turning the page')).toEqual([]);
  });

  it('takes a phrase out before its words: "for a living" is work and occupation, not home; "work out" is exercise', () => {
    expect(asked('what do I do for a living?')).toEqual(['work', 'occupation']);
    expect(asked('how often do I work out?')).toEqual(['exercise']);
  });

  it('common words name no topic on their own', () => {
    for (const text of [
      'Sounds like a plan, see you next time',
      'On the other hand, that person was nice',
      'Feel free to ask',
      'called out in the review',
    ])
      expect(said(text), text).toEqual([]);
  });
});

describe('isTopicLine', () => {
  it('is true of a topic line only, not of a turn that starts with "about: "', () => {
    expect(isTopicLine(topicLine('our greyhound keeps stealing bread'))).toBe(true);
    expect(isTopicLine('about: othertopicpets topicfamily')).toBe(true);
    expect(isTopicLine('about: the Q3 budget')).toBe(false);
    expect(isTopicLine('')).toBe(false);
  });
});
