import { tool as aiTool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadAiSdk, tool } from './ai-sdk-module.ts';

describe('the AI SDK loaded at first use', () => {
  it("tool() is the AI SDK's: it returns the definition itself, as the SDK's does", () => {
    const definition = {
      description: 'd',
      inputSchema: z.object({ q: z.string() }),
      execute: async () => 'ok',
    };
    expect(tool(definition)).toBe(definition);
    expect(aiTool(definition)).toBe(definition);
  });

  it('loads the SDK once, the module every import of it gets', async () => {
    const [a, b] = await Promise.all([loadAiSdk(), loadAiSdk()]);
    expect(a).toBe(b);
    expect(a.pruneMessages).toBe((await import('ai')).pruneMessages);
  });
});
