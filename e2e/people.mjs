// Who the browser specs sign in as. Each parallel Playwright worker has people of its own (scripts/e2e-server.mjs
// creates them): a client account with its admin and API keys, and an operator, so that one worker's account-wide
// settings (language, 2FA, team) never meet another's specs. Worker 0's are e2e/users.json as written.
import users from "./users.json" with { type: "json" };

/** How many workers the specs run on (playwright.config.ts) and the server prepares people for. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

/** The people of worker `index` (Playwright's TEST_PARALLEL_INDEX). */
export function peopleOf(index) {
  if (index === 0) return users;
  const tagged = (email) => email.replace("@", `+w${index}@`);
  return {
    client: { ...users.client, email: tagged(users.client.email), account: `${users.client.account} ${index}` },
    operator: { ...users.operator, email: tagged(users.operator.email) },
  };
}

/** The file in the data folder that holds worker `index`'s key `name` ("api-key", "api-key-live"). */
export function keyFileOf(name, index) {
  return index === 0 ? name : `${name}-w${index}`;
}

/** This process's worker: 0 outside Playwright's workers. */
export const PARALLEL_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
