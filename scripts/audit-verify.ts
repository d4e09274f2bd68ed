/**
 * `npm run audit:verify`: walks the audit log's hash chain (services/audit/verify-chain.ts) in
 * DATABASE_URL (or the embedded PGlite under DATA_DIR) and prints 'chain intact, N rows' or
 * the first broken link; exit code 1 when broken, 2 when it could not check.
 */
import { config } from '../config/config';
import { createKnex } from '../db/connection';
import { describeChainReport, verifyAuditChain } from '../services/audit/verify-chain';

async function main(): Promise<number> {
  const knex = createKnex(config());
  try {
    const report = await verifyAuditChain(knex);
    (report.intact ? console.log : console.error)(`audit:verify: ${describeChainReport(report)}`);
    return report.intact ? 0 : 1;
  } finally {
    await knex.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`audit:verify: ${(err as Error).message}`);
    process.exit(2);
  },
);
