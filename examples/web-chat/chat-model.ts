/** The model: OpenAI's gpt-4o-mini when OPENAI_API_KEY is set, else the scripted model (no key, no network). */
import { openai } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { createScriptedChatModel } from './scripted-model.ts';

/** The model the server runs, and a label that says which it is. */
export function chatModel(): { model: LanguageModel; label: string } {
  if (process.env.OPENAI_API_KEY) return { model: openai('gpt-4o-mini'), label: 'OpenAI gpt-4o-mini' };
  return { model: createScriptedChatModel(), label: 'a scripted model (OPENAI_API_KEY is not set)' };
}
