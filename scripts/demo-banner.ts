import { DEMO_ACCOUNTS } from "../seed/demo-accounts";

export function printDemoAccounts(url: string): void {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  console.log(`\n  The site is running at ${url}\n\n  Demo accounts (e-mail / password):`);
  for (const account of DEMO_ACCOUNTS) {
    console.log(`    ${account.email.padEnd(width)}  ${account.password.padEnd(20)}  ${account.description}`);
  }
  console.log(`\n  Stop with Ctrl+C. Reset the local database with: npm run db:reset\n`);
}
