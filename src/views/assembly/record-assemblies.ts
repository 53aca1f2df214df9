import { checkMethods, checkOptions } from '../../core/check-options.ts';
import type { MemoryMessage } from '../../core/message.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { Memory } from '../../memory/memory.ts';
import { type AssemblyRecord, createAssemblyRecorder } from './assembly-records.ts';
import type { ContextAssembly } from './context-assembly.ts';

/** A view that can say what its last read assembled (every engram view). */
export interface ExplainingView extends Memory<MemoryMessage> {
  /** The conversation under the view (the records are stored beside its log). */
  readonly memory: ConversationMemory;
  /** What the last `read()` assembled. */
  lastAssembly(): ContextAssembly | undefined;
}

/**
 * The assembly of a memory's last read: the memory's own `lastAssembly()` (every engram view), or that of the
 * view a seed 000 class wraps (`.view`); undefined for a memory that cannot say (a plain conversation).
 * Throws `INVALID_ARGUMENT` unless `memory` is a memory (with `read()`).
 */
export function findAssembly(memory: Memory): ContextAssembly | undefined {
  checkMethods(memory, 'findAssembly(memory)', 'views', ['read']);
  const m = memory as Partial<ExplainingView> & { view?: Partial<ExplainingView> };
  if (typeof m.lastAssembly === 'function') return m.lastAssembly();
  if (typeof m.view?.lastAssembly === 'function') return m.view.lastAssembly();
  return undefined;
}

/**
 * The view with every `read()` recorded (an {@link AssemblyRecord} beside the log, the newest `keep` kept);
 * everything else is the view's own. `lastRecord()` is the record of the last read.
 * @example
 * const view = recordAssemblies(createTokenWindowMemory({ memory, maxTokens: 16_000 }), { keep: 50 });
 * await view.read(); // recorded
 * view.lastRecord()?.bySource; // { message: 812, 'tool-result': 9_310 }
 */
export function recordAssemblies<V extends ExplainingView>(
  view: V,
  options: { keep?: number } = {},
): V & { lastRecord(): AssemblyRecord | undefined } {
  checkMethods(view, 'recordAssemblies(view)', 'views', ['read', 'lastAssembly']);
  checkOptions(options, 'recordAssemblies(view, options)', 'views');
  const recorder = createAssemblyRecorder({ memory: view.memory, ...options });
  let last: AssemblyRecord | undefined;
  const read = async () => {
    const messages = await view.read();
    const assembly = view.lastAssembly();
    if (assembly) last = await recorder.record(assembly);
    return messages;
  };
  return new Proxy(view, {
    get(target, key, receiver) {
      if (key === 'read') return read;
      if (key === 'lastRecord') return () => last;
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as V & { lastRecord(): AssemblyRecord | undefined };
}
