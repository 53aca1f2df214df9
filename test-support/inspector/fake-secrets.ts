/**
 * Fake secrets in 22 real formats, for redaction tests. Each is built at run time from a seeded generator, so
 * the repository holds no string a secret scanner would take for a live key; none of them is a real credential.
 */

/** A fake secret inside the text it appears in; `secret` is the part a reader must never see. */
export interface FakeSecret {
  /** The format, e.g. `stripe-live`. */
  readonly format: string;
  /** A line of text as it could appear in a message or tool result. */
  readonly text: string;
  /** The secret part of it. */
  readonly secret: string;
}

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lower = 'abcdefghijklmnopqrstuvwxyz';
const digits = '0123456789';
const alnum = upper + lower + digits;

/** Fake secrets in the 22 formats (deterministic for a seed). */
export function fakeSecrets(seed = 21): FakeSecret[] {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const pick = (alphabet: string, n: number) =>
    Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  /** Random text of `n` characters with at least one upper-case letter, lower-case letter and digit. */
  const mixed = (alphabet: string, n: number) =>
    `${pick(upper, 1)}${pick(lower, 1)}${pick(digits, 1)}${pick(alphabet, n - 3)}`;
  const marker = ['T3Blb', 'kFJ'].join(''); // the fixed middle part of OpenAI keys
  const sk = ['s', 'k'].join('');
  const openai = `${mixed(alnum, 20)}${marker}${mixed(alnum, 20)}`;
  const proj = `${mixed(`${alnum}_-`, 74)}${marker}${mixed(`${alnum}_-`, 74)}`;
  const ant = `${mixed(`${alnum}_-`, 93)}AA`;
  const akia = `${['AK', 'IA'].join('')}${pick(upper + digits, 16)}`;
  const awsSecret = mixed(`${alnum}+/`, 40);
  const ghp = mixed(alnum, 36);
  const pat = `11${pick(upper + digits, 20)}_${mixed(alnum, 59)}`;
  const slack = `${pick(digits, 10)}-${pick(digits, 13)}-${mixed(alnum, 24)}`;
  const b64url = (s: string) => Buffer.from(s).toString('base64url');
  const jwtSig = mixed(`${alnum}_-`, 43);
  const jwt = `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(`{"sub":"${pick(digits, 10)}","name":"Ada"}`)}.${jwtSig}`;
  const pemBody = Array.from({ length: 6 }, () => mixed(`${alnum}+/`, 64));
  const pemBody0 = `MII${pemBody[0]!.slice(3)}`;
  const pemType = ['RSA PRIVATE', 'KEY'].join(' ');
  const bearer = mixed(`${alnum}._-`, 40);
  const hex = pick('0123456789abcdef', 40);
  const tokenB64 = mixed(alnum, 32);
  const pgPass = `${pick(lower, 5)}-${pick(alnum, 8)}-${pick(digits, 2)}`;
  const myPass = `${mixed(alnum, 10)}!${pick(alnum, 4)}`;
  const mongoPass = mixed(alnum, 14);
  const redisPass = mixed(alnum, 16);
  const stripe = `${mixed(alnum, 24)}${pick(alnum, 75)}`;
  const google = mixed(`${alnum}_-`, 35);
  const basic = Buffer.from(`admin:${mixed(alnum, 14)}`).toString('base64');
  const jsonPass = `${pick(lower, 7)} ${pick(lower, 5)} ${pick(lower, 7)} ${pick(digits, 3)}`;
  const jsonSecret = `${pick(lower, 6)}-${pick(lower, 6)}-${pick(digits, 4)}`;
  return [
    { format: 'openai', text: `OPENAI_API_KEY is ${sk}-${openai}`, secret: openai },
    { format: 'openai-project', text: `use ${sk}-proj-${proj} today`, secret: proj },
    { format: 'anthropic', text: `key: ${sk}-ant-api03-${ant}`, secret: ant },
    { format: 'aws-access-key-id', text: `the id ${akia} was rotated`, secret: akia.slice(4) },
    { format: 'aws-secret-access-key (bare)', text: `AWS creds: ${akia} / ${awsSecret}`, secret: awsSecret },
    { format: 'github-classic', text: `git push with ghp_${ghp} please`, secret: ghp },
    { format: 'github-fine-grained', text: `token github_pat_${pat}`, secret: pat },
    { format: 'slack-bot', text: `SLACK=xoxb-${slack}`, secret: slack },
    { format: 'jwt', text: `session ${jwt}`, secret: jwtSig },
    {
      format: 'private-key',
      text: `here:\n-----BEGIN ${pemType}-----\n${[pemBody0, ...pemBody.slice(1)].join('\n')}\n-----END ${pemType}-----\nend`,
      secret: pemBody[2]!,
    },
    {
      format: 'bearer',
      text: `curl -H "Authorization: Bearer ${bearer}" https://api.example.com`,
      secret: bearer,
    },
    { format: 'api-key-hex', text: `config api_key=${hex}`, secret: hex },
    { format: 'token-base64', text: `export ACCESS_TOKEN: ${tokenB64}`, secret: tokenB64 },
    {
      format: 'postgres-url',
      text: `DATABASE_URL=postgres://app_user:${pgPass}@db.internal.example:5432/prod`,
      secret: pgPass,
    },
    { format: 'mysql-url', text: `connect to mysql://root:${myPass}@10.0.3.7:3306/shop now`, secret: myPass },
    {
      format: 'mongodb-url',
      text: `MONGO_URI="mongodb+srv://admin:${mongoPass}@cluster0.ab1cd.mongodb.net/app?retryWrites=true"`,
      secret: mongoPass,
    },
    {
      format: 'redis-url',
      text: `cache at redis://:${redisPass}@cache.example.com:6379/0`,
      secret: redisPass,
    },
    { format: 'stripe-live', text: `charge with ${sk}_live_${stripe}`, secret: stripe },
    { format: 'google-api-key', text: `maps key AIza${google} in the page`, secret: google },
    { format: 'basic-auth', text: `GET /admin\nAuthorization: Basic ${basic}\n`, secret: basic },
    {
      format: 'json-password',
      text: `tool returned {"user":"ada","password":"${jsonPass}"}`,
      secret: jsonPass,
    },
    {
      format: 'json-secret',
      text: `config: { "name": "svc", "secret": "${jsonSecret}" }`,
      secret: jsonSecret,
    },
  ];
}
