import type { PendingWrite } from '@langchain/langgraph-checkpoint';

/**
 * The `putWrites` calls of the concurrent-writers tests, one per writer, into one task in round `round`: keys
 * (task, idx) no other writer uses, so every write must be read back. A regular write's idx is its position in its
 * call, so only writer 0 writes regular channels; each other writer writes one special channel (its own negative
 * idx).
 */
export const taskWriterCalls = (round: number): PendingWrite[][] => [
  [
    ['a', `a-${round}`],
    ['b', `b-${round}`],
  ],
  [['__error__', `error-${round}`]],
  [['__interrupt__', `interrupt-${round}`]],
  [['__resume__', `resume-${round}`]],
  [['__scheduled__', `scheduled-${round}`]],
];

/** The pending writes task `task-<round>` must hold once every writer's call of that round is stored. */
export const taskWritesOfRound = (round: number): [string, string, unknown][] =>
  taskWriterCalls(round)
    .flat()
    .map(([channel, value]) => [`task-${round}`, channel, value]);
