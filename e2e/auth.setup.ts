import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { test as setup } from '@playwright/test';
import { authFile, signInState, USERS, type Role } from './fixtures';

/** Signs each role in once per run (through the API); the browser tests start from these states. */
for (const role of Object.keys(USERS) as Role[]) {
  setup(`sign in as ${role}`, async ({ baseURL }) => {
    const state = await signInState(baseURL!, USERS[role]);
    await mkdir(path.dirname(authFile(role)), { recursive: true });
    await writeFile(authFile(role), JSON.stringify(state, null, 2));
  });
}
