import { APICallError } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agent } from './agent.ts';

afterEach(() => vi.restoreAllMocks());

/** A model whose every call fails as a provider refusing the request does. */
const failingModel = () =>
  new MockLanguageModelV4({
    doStream: async () => {
      throw new APICallError({
        message: 'Invalid API key',
        url: 'https://api.example.com/v1/chat',
        requestBodyValues: {},
        statusCode: 401,
        isRetryable: false,
      });
    },
  });

describe('a run whose model fails', () => {
  it('rejects with the provider error and prints nothing (the AI SDK does not log it too)', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { stream, result } = agent({ name: 'a', description: 'd', model: failingModel() }).run('Hello');
    const events = (async () => {
      for await (const _ of stream);
    })();
    await expect(result).rejects.toSatisfy(
      (error) => APICallError.isInstance(error) && error.message === 'Invalid API key',
    );
    await expect(events).rejects.toSatisfy(APICallError.isInstance);
    expect(printed).not.toHaveBeenCalled();
  });
});
