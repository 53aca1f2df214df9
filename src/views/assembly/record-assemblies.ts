import { checkKnownKeys, checkMethods, checkOptions } from '../../core/check-options.ts';
import type { ConversationMemory } from '../../memory/conversation-memory.ts';
import type { ContextView } from '../context-view.ts';
import { type AssemblyRecord, createAssemblyRecorder } from './assembly-records.ts';

/** Every option of {@link recordAssemblies}: any other key is refused (a misspelling). */
const knownOptions: Record<keyof NonNullable<Parameters<typeof recordAssemblies>[1]>, true> = { keep: true };

/**
 * The view with every `read()` recorded (an {@link AssemblyRecord} beside the log of its conversation, the newest
 * `keep` kept); everything else is the view's own. `lastRecord()` is the record of the last read.
 * @example
 * const view = recordAssemblies(createTokenWindowMemory({ conversation, maxTokens: 16_000 }), { keep: 50 });
 * await view.read(); // recorded
 * view.lastRecord()?.bySource; // { message: 812, 'tool-result': 9_310 }
 */
export function recordAssemblies<V extends ContextView & { readonly conversation: ConversationMemory }>(
  view: V,
  options: { keep?: number } = {},
): V & { lastRecord(): AssemblyRecord | undefined } {
  checkMethods(view, 'recordAssemblies(view)', 'views', ['read', 'lastAssembly']);
  checkOptions(options, 'recordAssemblies(view, options)', 'views');
  checkKnownKeys(options, knownOptions, 'recordAssemblies', 'views');
  const recorder = createAssemblyRecorder({ memory: view.conversation, ...options });
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
