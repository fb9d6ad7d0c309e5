// Which registry store a process uses: PostgreSQL when DATABASE_URL is set (every shell server and
// the deploy command then share it), the registry file REMOTES_FILE otherwise (docs/adr/0022).
import { PostgresRegistryStore, type RegistryLog } from './postgresRegistry';
import { FileRegistryStore, type RegistryStore } from './registryStore';

export function openRegistryStore(
  where: { databaseUrl: string | null; registryFile: string },
  /** Keep it in memory and follow changes (the shell server); without it, read per call. */
  watch?: { refreshMs: number; log: RegistryLog },
): RegistryStore {
  if (where.databaseUrl) return new PostgresRegistryStore({ url: where.databaseUrl, watch });
  return new FileRegistryStore(where.registryFile);
}
